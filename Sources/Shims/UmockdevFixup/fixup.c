/* The umockdev fix-up preload (see docs/libinput-backend.md, "Tests under umockdev").
 *
 * Debian 12 ships umockdev 0.17.16. Three things keep libinput from accepting its
 * emulated evdev nodes; this library, put in LD_PRELOAD before umockdev-run (which
 * appends its own preload after ours), fixes them inside a testbed ($UMOCKDEV_DIR set)
 * and changes nothing outside one:
 *
 * 1. fstat()/fstat64(): umockdev < 0.19.2 does not wrap fstat, and an emulated node is
 *    a pty, so fstat reports 136:N and libinput rejects the device. We report the
 *    emulated major:minor, read from the $UMOCKDEV_DIR/dev/.ptymap/<pty> symlink.
 * 2. udev_device_get_is_initialized(): umockdev 0.17.16 writes no udev database, so
 *    every mocked device looks uninitialized. Inside a testbed we answer 1.
 * 3. read(): event times in a script are a synthetic timeline; libinput's timers
 *    compare them with CLOCK_MONOTONIC. We shift each frame so that it is dated "now"
 *    when read, keeping the scripted spacing, never dating a frame in the past.
 *    CLEARTOUCH_FIXUP_RETIME=0 keeps the file's times.
 * 4. The end of a script: every script Umockdev writes ends with one end-marker event
 *    (EV_PWR, code 0x7e, value 0x454e44 "END"; Umockdev's BarrierScript.endMarker),
 *    which no device advertises, so libevdev drops it before libinput sees it. read()
 *    counts the markers it passes on; cleartouch_fixup_end_markers_read() reports how
 *    many, so a program knows that every event of its scripts has been read without
 *    guessing from idle time (docs/libinput-backend.md, "Test hooks").
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <linux/input.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

struct udev_device;

enum { PTY_MAJOR = 136, EVDEV_MAJOR = 13, TRACKED_FDS = 1024 };

/* The end marker (Umockdev's BarrierScript.endMarker). */
enum { END_MARKER_TYPE = 0x16, END_MARKER_CODE = 0x7e, END_MARKER_VALUE = 0x454e44 };

static unsigned end_markers_read;

/* How many script end markers read() has passed on (see the header comment, point 4). */
__attribute__((visibility("default"))) unsigned cleartouch_fixup_end_markers_read(void) {
    return __atomic_load_n(&end_markers_read, __ATOMIC_ACQUIRE);
}

static void count_end_markers(const struct input_event *events, size_t event_count) {
    for (size_t i = 0; i < event_count; i++)
        if (events[i].type == END_MARKER_TYPE && events[i].code == END_MARKER_CODE &&
            events[i].value == END_MARKER_VALUE)
            __atomic_add_fetch(&end_markers_read, 1, __ATOMIC_RELEASE);
}

static const char *testbed_dir(void) { return getenv("UMOCKDEV_DIR"); }

/* The emulated device number behind a pty node, or 0 when fd is not one. */
static dev_t emulated_device_number(int fd, const struct stat *st) {
    const char *dir = testbed_dir();
    if (dir == NULL || !S_ISCHR(st->st_mode) || major(st->st_rdev) != PTY_MAJOR)
        return 0;
    int saved_errno = errno;
    dev_t result = 0;
    char fd_link[64], pty_path[256], map_link[512], major_minor[32];
    snprintf(fd_link, sizeof fd_link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(fd_link, pty_path, sizeof pty_path - 1);
    if (length > 0) {
        pty_path[length] = '\0';
        for (char *c = pty_path; *c != '\0'; c++)
            if (*c == '/')
                *c = '_';
        snprintf(map_link, sizeof map_link, "%s/dev/.ptymap/%s", dir, pty_path);
        ssize_t map_length = readlink(map_link, major_minor, sizeof major_minor - 1);
        unsigned maj, min;
        if (map_length > 0) {
            major_minor[map_length] = '\0';
            if (sscanf(major_minor, "%u:%u", &maj, &min) == 2)
                result = makedev(maj, min);
        }
    }
    errno = saved_errno;
    return result;
}

int fstat(int fd, struct stat *st) {
    static int (*real_fstat)(int, struct stat *);
    if (real_fstat == NULL)
        real_fstat = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
    int result = real_fstat(fd, st);
    if (result == 0) {
        dev_t emulated = emulated_device_number(fd, st);
        if (emulated != 0)
            st->st_rdev = emulated;
    }
    return result;
}

int fstat64(int fd, struct stat64 *st) {
    static int (*real_fstat64)(int, struct stat64 *);
    if (real_fstat64 == NULL)
        real_fstat64 = (int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
    int result = real_fstat64(fd, st);
    if (result == 0) {
        dev_t emulated = emulated_device_number(fd, (const struct stat *)st);
        if (emulated != 0)
            st->st_rdev = emulated;
    }
    return result;
}

int udev_device_get_is_initialized(struct udev_device *device) {
    static int (*real_is_initialized)(struct udev_device *);
    if (real_is_initialized == NULL)
        real_is_initialized =
            (int (*)(struct udev_device *))dlsym(RTLD_NEXT, "udev_device_get_is_initialized");
    if (testbed_dir() != NULL && device != NULL)
        return 1;
    return real_is_initialized(device);
}

/* Per-descriptor retiming state. kind: 0 not yet checked, 1 emulated evdev, -1 other. */
static struct {
    signed char kind;
    char has_offset;
    char inside_frame;
    long long offset_microseconds;
} descriptors[TRACKED_FDS];

static int is_emulated_evdev(int fd) {
    if (fd < 0 || fd >= TRACKED_FDS)
        return 0;
    if (descriptors[fd].kind == 0) {
        static int (*real_fstat)(int, struct stat *);
        if (real_fstat == NULL)
            real_fstat = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
        struct stat st;
        int saved_errno = errno;
        dev_t emulated = real_fstat(fd, &st) == 0 ? emulated_device_number(fd, &st) : 0;
        errno = saved_errno;
        descriptors[fd].kind = (emulated != 0 && major(emulated) == EVDEV_MAJOR) ? 1 : -1;
        descriptors[fd].has_offset = 0;
        descriptors[fd].inside_frame = 0;
    }
    return descriptors[fd].kind == 1;
}

static int retiming_enabled(void) {
    const char *setting = getenv("CLEARTOUCH_FIXUP_RETIME");
    return setting == NULL || setting[0] != '0';
}

ssize_t read(int fd, void *buffer, size_t count) {
    static ssize_t (*real_read)(int, void *, size_t);
    if (real_read == NULL)
        real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    ssize_t result = real_read(fd, buffer, count);
    if (result < (ssize_t)sizeof(struct input_event) || testbed_dir() == NULL ||
        !is_emulated_evdev(fd))
        return result;
    count_end_markers(buffer, (size_t)result / sizeof(struct input_event));
    if (!retiming_enabled())
        return result;
    struct timespec now_ts;
    clock_gettime(CLOCK_MONOTONIC, &now_ts);
    long long now = (long long)now_ts.tv_sec * 1000000LL + now_ts.tv_nsec / 1000;
    struct input_event *events = buffer;
    size_t event_count = (size_t)result / sizeof *events;
    for (size_t i = 0; i < event_count; i++) {
        long long time = (long long)events[i].input_event_sec * 1000000LL + events[i].input_event_usec;
        /* At a frame's first event: keep the scripted spacing unless that would date
         * the frame in the past (umockdev's pacing drifts by about 1 ms per frame). */
        if (!descriptors[fd].inside_frame &&
            (!descriptors[fd].has_offset || time + descriptors[fd].offset_microseconds < now)) {
            descriptors[fd].offset_microseconds = now - time;
            descriptors[fd].has_offset = 1;
        }
        descriptors[fd].inside_frame = !(events[i].type == EV_SYN && events[i].code == SYN_REPORT);
        time += descriptors[fd].offset_microseconds;
        events[i].input_event_sec = time / 1000000LL;
        events[i].input_event_usec = time % 1000000LL;
    }
    return result;
}

int close(int fd) {
    static int (*real_close)(int);
    if (real_close == NULL)
        real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
    if (fd >= 0 && fd < TRACKED_FDS)
        descriptors[fd].kind = 0;
    return real_close(fd);
}
