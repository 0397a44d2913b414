"""A reader that falls behind, for the fix-up preload's dating test (FixupDatingTests).

usage: slow-reader.py NODE FRAMES EVENTS

Run as umockdev-run's child on a node whose script waits for the barrier token "GO".
Releases the barrier, reads the first frame, then stops reading until umockdev-run (the
parent, which plays the script) has written the script's EVENTS events, as a busy program
falls behind; then reads the rest two events at a time, as libevdev reads what is queued,
until it has FRAMES frames. Prints, in microseconds on CLOCK_MONOTONIC: "first ASKED HAD"
(from asking for the first frame to having it), "stall LENGTH" (from having the first frame
to reading again), and then each frame's time.
"""
import os
import struct
import sys
import time

EVENT = struct.Struct("qqHHi")  # struct input_event on 64-bit Linux


def bytes_written(pid):
    with open(f"/proc/{pid}/io") as io:
        for line in io:
            if line.startswith("wchar:"):
                return int(line.split()[1])
    raise SystemExit("no wchar in /proc/%d/io" % pid)


def main():
    node, frames, events = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    fd = os.open(node, os.O_RDWR)
    player = os.getppid()
    written_before = bytes_written(player)
    os.write(fd, b"GO")
    times, pending = [], b""

    def read_events(size):
        nonlocal pending
        pending += os.read(fd, size)
        while len(pending) >= EVENT.size:
            sec, usec, kind, code, _ = EVENT.unpack(pending[: EVENT.size])
            pending = pending[EVENT.size :]
            if kind == 0 and code == 0:  # SYN_REPORT ends a frame
                times.append(sec * 1_000_000 + usec)

    asked_first = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    while not times:
        read_events(EVENT.size)
    had_first = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    # Waiting on another process (the player), not timing anything of ours.
    while bytes_written(player) < written_before + events * EVENT.size:
        time.sleep(0.005)
    reading_again = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    while len(times) < frames:
        read_events(2 * EVENT.size)
    print("first", asked_first // 1000, had_first // 1000)
    print("stall", (reading_again - had_first) // 1000)
    print(" ".join(str(t) for t in times))


main()
