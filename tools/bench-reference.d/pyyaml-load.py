"""PyYAML's C loader on a `libinput record` file. Prints "CPU_SECONDS EVENTS"."""
import sys
import time

import yaml

start = time.process_time()
with open(sys.argv[1]) as f:
    document = yaml.load(f, Loader=yaml.CSafeLoader)
events = sum(len(item.get("evdev", [])) for device in document["devices"] for item in (device.get("events") or []))
print("%.6f %d" % (time.process_time() - start, events))
