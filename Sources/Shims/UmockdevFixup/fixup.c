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
 * 3. Event times: a script's times are a synthetic timeline, and libinput's timers
 *    compare them with CLOCK_MONOTONIC, so each frame is dated "now", keeping the
 *    scripted spacing and never dating a frame in the past. When: on a direct-touch
 *    device (INPUT_PROP_DIRECT: touchscreens) whose script waits for the program's
 *    barrier token, as umockdev sends it. In the process that plays the scripts
 *    (umockdev-run, or a program on libumockdev's API), once the token has been read,
 *    write() to the node's pty master dates each frame, as the kernel does, so a program
 *    that falls behind still reads the frames spaced as sent; dating them when read put
 *    its whole delay before the first frame it read late, and a pan's first move came
 *    after a long press's time. (Without a barrier the frames may be sent before the
 *    program opens the node, and are dated when read.) Every other device (touchpads,
 *    keyboards) is dated when read: libinput arms a touchpad's tap and gesture timers
 *    from event times, and frames dated long before libinput reads them have those
 *    timers fire before the frames that came first. The player leaves a marker per node in the testbed; where there is none (the
 *    player runs without this library, or no barrier), read() dates the frames.
 *    CLEARTOUCH_FIXUP_RETIME=0 keeps the file's times.
 * 4. The end of a script: every script Umockdev writes ends with one end-marker event
 *    (EV_PWR, code 0x7e, value 0x454e44 "END"; Umockdev's BarrierScript.endMarker),
 *    which no device advertises, so libevdev drops it before libinput sees it. read()
 *    counts the markers it passes on; cleartouch_fixup_end_markers_read() reports how
 *    many, so a program knows that every event of its scripts has been read without
 *    guessing from idle time (docs/libinput-backend.md, "Test hooks").
 * 5. Programs that know nothing of barriers (lisgd, the benchmark's side-by-side peers):
 *    with CLEARTOUCH_FIXUP_RELEASE_ON_WAIT=1, the first time the program waits for input
 *    (poll, ppoll, select, pselect, epoll_wait, epoll_pwait) with emulated evdev nodes open,
 *    the barrier token (GO) is written to each of them, so their scripts play once the
 *    program has opened and drained the nodes, and not a frame is lost. With
 *    CLEARTOUCH_FIXUP_EXIT_AFTER_END=N as well, the program exits (status 0, stdio
 *    flushed) at its first wait once N end markers have been read: every frame has been
 *    handled. CLEARTOUCH_FIXUP_RUSAGE=FILE then writes the program's own CPU time and
 *    peak memory there first ("user_us system_us maxrss_kib", from getrusage).
 * 6. The lead-in (`cleartouch-umockdev run`, docs/emulated-devices.md): an unmodified
 *    program, a release build with no test hook, under a testbed of barrier scripts.
 *    With CLEARTOUCH_FIXUP_RELEASE=TOKEN, the moment the program opens an emulated evdev
 *    node its script's barrier is released (TOKEN written to the node), so no event is
 *    sent before the node is open (none lost) and none waits for a token only a test
 *    build would write (no hang). With CLEARTOUCH_FIXUP_INTERRUPT_AT_END=1, once every
 *    node it released has played its end marker the program gets SIGINT, as a person
 *    presses Ctrl-C after the session: it stops as it always does on Ctrl-C.
 * 7. The machine's own nodes: umockdev 0.17's open() of a /dev path the testbed does not
 *    emulate that fails still connects its ioctl socket and never closes it, and ALSA
 *    probes /dev/snd/controlC0 to C31 and /dev/aloadC0 to C31, so SDL's audio start filled
 *    umockdev's map of 50 descriptors and aborted the program ("fd_map_add(): overflow").
 *    A /dev path the testbed does not emulate is opened directly (the openat system
 *    call), as umockdev would pass it on: a sound card plays, none is none.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <linux/input.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

static void interrupt_at_end(unsigned markers);

static void count_end_markers(const struct input_event *events, size_t event_count) {
    for (size_t i = 0; i < event_count; i++)
        if (events[i].type == END_MARKER_TYPE && events[i].code == END_MARKER_CODE &&
            events[i].value == END_MARKER_VALUE)
            interrupt_at_end(__atomic_add_fetch(&end_markers_read, 1, __ATOMIC_RELEASE));
}

static const char *testbed_dir(void) { return getenv("UMOCKDEV_DIR"); }

static int descriptor_kind(int fd);
static int (*next_open(void))(const char *, int, ...);

/* Point 5: the nodes whose barrier this process released, each once. */
enum { RELEASED_MAXIMUM = 64 };
static dev_t released_devices[RELEASED_MAXIMUM];
static unsigned released_count;
static int interrupted;

/* After the end marker of each released node: SIGINT, once (point 5). */
static void interrupt_at_end(unsigned markers) {
    const char *setting = getenv("CLEARTOUCH_FIXUP_INTERRUPT_AT_END");
    unsigned released = __atomic_load_n(&released_count, __ATOMIC_ACQUIRE);
    if (setting == NULL || setting[0] != '1' || released == 0 || markers < released)
        return;
    if (!__atomic_exchange_n(&interrupted, 1, __ATOMIC_ACQ_REL))
        kill(getpid(), SIGINT);
}

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

/* Per-descriptor retiming state. kind: 0 not yet checked, 1 an emulated evdev node (read
 * side), 2 the pty master behind one (the player's write side), -1 anything else. */
enum { KIND_UNCHECKED = 0, KIND_EMULATED_EVDEV = 1, KIND_EMULATED_EVDEV_MASTER = 2, KIND_OTHER = -1 };
static struct {
    signed char kind;
    /* The node is a direct-touch device (INPUT_PROP_DIRECT). */
    char direct_touch;
    /* Player side: the program under test has written to the node (its barrier token), so
     * it has the node open and the frames can be dated as sent. Reader side: the player
     * dates this node's frames as it sends them (its marker was found). */
    char dated_as_sent;
    /* Player side: the node's marker is in the testbed. */
    char marker_left;
    char has_offset;
    char inside_frame;
    /* Write side: bytes of a partly written event (never retimed). */
    unsigned char partial_event_bytes;
    long long offset_microseconds;
    dev_t device;
    /* Write side: the dated bytes a short write left unsent, followed by the caller's
     * original bytes for them (the caller writes those again). */
    unsigned char *unsent;
    size_t unsent_length;
} descriptors[TRACKED_FDS];

/* The marker the player leaves in the testbed once it dates a node's frames as it sends
 * them, one per node. */
static void writer_marker_path(dev_t device, char *path, size_t size) {
    snprintf(path, size, "%s/.cleartouch-fixup-dates-writes-%u:%u", testbed_dir(), major(device),
             minor(device));
}

/* Whether the process playing this testbed's scripts dates fd's frames as it sends them.
 * It leaves the node's marker before the first such frame, so a reader holding events
 * finds it; once found, it stays. */
static int player_dates_writes(int fd) {
    if (descriptors[fd].dated_as_sent)
        return 1;
    char path[512];
    writer_marker_path(descriptors[fd].device, path, sizeof path);
    int saved_errno = errno;
    descriptors[fd].dated_as_sent = access(path, F_OK) == 0;
    errno = saved_errno;
    return descriptors[fd].dated_as_sent;
}

static long long monotonic_now_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

/* The emulated device number behind a pty master (the player's end of a node), or 0. */
static dev_t emulated_device_number_of_master(int fd) {
    const char *dir = testbed_dir();
    char slave[128], map_link[512], major_minor[32];
    if (dir == NULL || ptsname_r(fd, slave, sizeof slave) != 0)
        return 0;
    for (char *c = slave; *c != '\0'; c++)
        if (*c == '/')
            *c = '_';
    snprintf(map_link, sizeof map_link, "%s/dev/.ptymap/%s", dir, slave);
    ssize_t length = readlink(map_link, major_minor, sizeof major_minor - 1);
    unsigned maj, min;
    if (length <= 0)
        return 0;
    major_minor[length] = '\0';
    return sscanf(major_minor, "%u:%u", &maj, &min) == 2 ? makedev(maj, min) : 0;
}

/* Whether the emulated evdev node `device` is a direct-touch device: INPUT_PROP_DIRECT in
 * its input device's sysfs `properties` (a hex bitmap), read from the testbed. */
static int is_direct_touch(dev_t device) {
    char path[512];
    snprintf(path, sizeof path, "%s/sys/dev/char/%u:%u/../properties", testbed_dir(),
             major(device), minor(device));
    int saved_errno = errno;
    unsigned long bits = 0;
    FILE *file = fopen(path, "re");
    if (file != NULL) {
        if (fscanf(file, "%lx", &bits) != 1)
            bits = 0;
        fclose(file);
    }
    errno = saved_errno;
    return (bits >> INPUT_PROP_DIRECT) & 1;
}

/* What fd is (see the kinds above), worked out once per descriptor. */
static int descriptor_kind(int fd) {
    if (fd < 0 || fd >= TRACKED_FDS)
        return KIND_OTHER;
    if (descriptors[fd].kind == KIND_UNCHECKED) {
        static int (*real_fstat)(int, struct stat *);
        if (real_fstat == NULL)
            real_fstat = (int (*)(int, struct stat *))dlsym(RTLD_NEXT, "fstat");
        struct stat st;
        int saved_errno = errno;
        int kind = KIND_OTHER;
        descriptors[fd].direct_touch = 0;
        descriptors[fd].dated_as_sent = 0;
        descriptors[fd].marker_left = 0;
        descriptors[fd].device = 0;
        free(descriptors[fd].unsent);
        descriptors[fd].unsent = NULL;
        descriptors[fd].unsent_length = 0;
        if (real_fstat(fd, &st) == 0) {
            dev_t emulated = emulated_device_number(fd, &st);
            if (emulated == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) != PTY_MAJOR)
                emulated = emulated_device_number_of_master(fd);
            if (emulated != 0 && major(emulated) == EVDEV_MAJOR) {
                kind = major(st.st_rdev) == PTY_MAJOR ? KIND_EMULATED_EVDEV
                                                      : KIND_EMULATED_EVDEV_MASTER;
                descriptors[fd].direct_touch = (char)is_direct_touch(emulated);
                descriptors[fd].device = emulated;
            }
        }
        errno = saved_errno;
        descriptors[fd].kind = (signed char)kind;
        descriptors[fd].has_offset = 0;
        descriptors[fd].inside_frame = 0;
        descriptors[fd].partial_event_bytes = 0;
    }
    return descriptors[fd].kind;
}


static int retiming_enabled(void) {
    const char *setting = getenv("CLEARTOUCH_FIXUP_RETIME");
    return setting == NULL || setting[0] != '0';
}

/* Dates fd's frames "now" while keeping their scripted spacing: at a frame's first event
 * the offset from the scripted timeline is raised to now if the frame would otherwise be
 * dated in the past (umockdev's pacing drifts by about 1 ms per frame, more under load),
 * never lowered, so a frame is never dated earlier than its scripted spacing allows. */
static void date_frames(int fd, struct input_event *events, size_t event_count) {
    long long now = monotonic_now_microseconds();
    for (size_t i = 0; i < event_count; i++) {
        long long time = (long long)events[i].input_event_sec * 1000000LL + events[i].input_event_usec;
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
}

ssize_t read(int fd, void *buffer, size_t count) {
    static ssize_t (*real_read)(int, void *, size_t);
    if (real_read == NULL)
        real_read = (ssize_t(*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    ssize_t result = real_read(fd, buffer, count);
    if (result <= 0 || testbed_dir() == NULL)
        return result;
    int kind = descriptor_kind(fd);
    if (kind == KIND_EMULATED_EVDEV_MASTER) {
        /* The player reads what the program under test wrote: its barrier token. */
        descriptors[fd].dated_as_sent = 1;
        return result;
    }
    if (kind != KIND_EMULATED_EVDEV || result < (ssize_t)sizeof(struct input_event))
        return result;
    count_end_markers(buffer, (size_t)result / sizeof(struct input_event));
    if (!retiming_enabled() || (descriptors[fd].direct_touch && player_dates_writes(fd)))
        return result;
    date_frames(fd, buffer, (size_t)result / sizeof(struct input_event));
    return result;
}

/* Writes what a short write of dated bytes left unsent, when the caller writes the rest of
 * its own bytes again (as a writer does after a short write); anything else drops it. */
static ssize_t write_unsent(int fd, const void *buffer, size_t count,
                            ssize_t (*real_write)(int, const void *, size_t), int *handled) {
    size_t length = descriptors[fd].unsent_length;
    unsigned char *unsent = descriptors[fd].unsent;
    *handled = count == length && memcmp(buffer, unsent + length, length) == 0;
    ssize_t written = *handled ? real_write(fd, unsent, length) : 0;
    if (*handled && written > 0 && (size_t)written < length) {
        memmove(unsent, unsent + written, length - (size_t)written);
        memmove(unsent + length - written, unsent + length + written, length - (size_t)written);
        descriptors[fd].unsent_length = length - (size_t)written;
    } else if (!*handled || written > 0) {
        free(unsent);
        descriptors[fd].unsent = NULL;
        descriptors[fd].unsent_length = 0;
    }
    return written;
}

/* The player's side (see the header comment, point 3): once the program under test has the
 * node open (it wrote the barrier token), each frame written to a direct-touch node's pty
 * master is dated as it is written (date_frames), as the kernel dates an event when it
 * happens, not when it is read. Writes that are not whole events go out unchanged. */
ssize_t write(int fd, const void *buffer, size_t count) {
    static ssize_t (*real_write)(int, const void *, size_t);
    if (real_write == NULL)
        real_write = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    if (testbed_dir() == NULL || !retiming_enabled() ||
        descriptor_kind(fd) != KIND_EMULATED_EVDEV_MASTER || !descriptors[fd].direct_touch ||
        !descriptors[fd].dated_as_sent)
        return real_write(fd, buffer, count);
    if (descriptors[fd].unsent != NULL) {
        int handled;
        ssize_t written = write_unsent(fd, buffer, count, real_write, &handled);
        if (handled)
            return written;
    }
    if (count % sizeof(struct input_event) != 0 || descriptors[fd].partial_event_bytes != 0) {
        ssize_t written = real_write(fd, buffer, count);
        if (written > 0)
            descriptors[fd].partial_event_bytes =
                (unsigned char)((descriptors[fd].partial_event_bytes + (size_t)written) %
                                sizeof(struct input_event));
        return written;
    }
    if (!descriptors[fd].marker_left) {
        char marker_path[512];
        writer_marker_path(descriptors[fd].device, marker_path, sizeof marker_path);
        int saved_errno = errno;
        int marker = open(marker_path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (marker >= 0) {
            close(marker);
            descriptors[fd].marker_left = 1;
        }
        errno = saved_errno;
    }
    unsigned char *dated = malloc(2 * count);
    if (dated == NULL)
        return real_write(fd, buffer, count);
    memcpy(dated, buffer, count);
    date_frames(fd, (struct input_event *)dated, count / sizeof(struct input_event));
    ssize_t written = real_write(fd, dated, count);
    if (written > 0 && (size_t)written < count) {
        /* Kept: the dated rest, then the caller's bytes for it. */
        size_t rest = count - (size_t)written;
        memmove(dated, dated + written, rest);
        memcpy(dated + rest, (const unsigned char *)buffer + written, rest);
        descriptors[fd].unsent = dated;
        descriptors[fd].unsent_length = rest;
    } else {
        free(dated);
    }
    return written;
}

/* Point 5: the node `path`, just opened as fd, releases its script's barrier the first time
 * this process opens it. */
static void release_on_open(int fd, const char *path) {
    const char *token = getenv("CLEARTOUCH_FIXUP_RELEASE");
    if (fd < 0 || token == NULL || token[0] == '\0' || testbed_dir() == NULL ||
        descriptor_kind(fd) != KIND_EMULATED_EVDEV)
        return;
    int saved_errno = errno;
    dev_t device = descriptors[fd].device;
    unsigned count = __atomic_load_n(&released_count, __ATOMIC_ACQUIRE);
    for (unsigned i = 0; i < count; i++)
        if (released_devices[i] == device) {
            errno = saved_errno;
            return;
        }
    if (count < RELEASED_MAXIMUM) {
        /* A descriptor of its own: the program may have opened the node read-only. */
        int writer = next_open()(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (writer >= 0) {
            if (write(writer, token, strlen(token)) == (ssize_t)strlen(token)) {
                released_devices[count] = device;
                __atomic_store_n(&released_count, count + 1, __ATOMIC_RELEASE);
            }
            close(writer);
        }
    }
    errno = saved_errno;
}

/* The open() variants, the next library's of each (umockdev's) looked up once. */
enum OpenVariant { OPEN, OPEN64, OPENAT, OPENAT64, OPEN_2, OPEN64_2, OPEN_VARIANTS };
static const char *const open_names[OPEN_VARIANTS] = {
    "open", "open64", "openat", "openat64", "__open_2", "__open64_2"};
static void *open_functions[OPEN_VARIANTS];

static void *next_open_function(enum OpenVariant variant) {
    if (open_functions[variant] == NULL)
        open_functions[variant] = dlsym(RTLD_NEXT, open_names[variant]);
    return open_functions[variant];
}

static int (*next_open(void))(const char *, int, ...) {
    return (int (*)(const char *, int, ...))next_open_function(OPEN);
}

/* Point 6: a node of the machine's /dev that the testbed does not emulate. */
static int is_machine_node(const char *path) {
    const char *dir = testbed_dir();
    if (dir == NULL || path == NULL || strncmp(path, "/dev/", 5) != 0)
        return 0;
    char emulated[512];
    snprintf(emulated, sizeof emulated, "%s%s", dir, path);
    int saved_errno = errno;
    int missing = access(emulated, F_OK) != 0;
    errno = saved_errno;
    return missing;
}

/* Every variant of open(): the machine's own node directly (point 6), anything else
 * through the next library's (umockdev's), then the barrier of an emulated node (point
 * 5). `directory` is AT_FDCWD for the variants without one. */
static int opened(enum OpenVariant variant, int directory, const char *path, int flags,
                  mode_t mode) {
    if (is_machine_node(path))
        return (int)syscall(SYS_openat, directory, path, flags, mode);
    void *next = next_open_function(variant);
    int fd;
    switch (variant) {
    case OPENAT:
    case OPENAT64:
        fd = ((int (*)(int, const char *, int, ...))next)(directory, path, flags, mode);
        break;
    case OPEN_2:
    case OPEN64_2:
        fd = ((int (*)(const char *, int))next)(path, flags);
        break;
    default:
        fd = ((int (*)(const char *, int, ...))next)(path, flags, mode);
    }
    /* The node is opened again to release it: by a path that does not depend on `directory`. */
    if (path[0] == '/')
        release_on_open(fd, path);
    return fd;
}

/* The mode argument, when the flags say there is one. */
#define OPEN_MODE(flags, mode)                                                                   \
    do {                                                                                         \
        if ((flags) & (O_CREAT | O_TMPFILE)) {                                                   \
            va_list arguments;                                                                   \
            va_start(arguments, flags);                                                          \
            mode = va_arg(arguments, mode_t);                                                    \
            va_end(arguments);                                                                   \
        }                                                                                        \
    } while (0)

int open(const char *path, int flags, ...) {
    mode_t mode = 0;
    OPEN_MODE(flags, mode);
    return opened(OPEN, AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    mode_t mode = 0;
    OPEN_MODE(flags, mode);
    return opened(OPEN64, AT_FDCWD, path, flags, mode);
}

int openat(int directory, const char *path, int flags, ...) {
    mode_t mode = 0;
    OPEN_MODE(flags, mode);
    return opened(OPENAT, directory, path, flags, mode);
}

int openat64(int directory, const char *path, int flags, ...) {
    mode_t mode = 0;
    OPEN_MODE(flags, mode);
    return opened(OPENAT64, directory, path, flags, mode);
}

/* The fortified open() of code built with _FORTIFY_SOURCE (ALSA's among them). */
int __open_2(const char *path, int flags) { return opened(OPEN_2, AT_FDCWD, path, flags, 0); }

int __open64_2(const char *path, int flags) { return opened(OPEN64_2, AT_FDCWD, path, flags, 0); }

int close(int fd) {
    static int (*real_close)(int);
    if (real_close == NULL)
        real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
    if (fd >= 0 && fd < TRACKED_FDS)
        descriptors[fd].kind = 0;
    return real_close(fd);
}

/* Point 5: barriers released, and the program ended, at its waits for input. */
static int released_on_wait;

static int setting_is_on(const char *name) {
    const char *value = getenv(name);
    return value != NULL && value[0] == '1';
}

/* Writes the program's CPU time and peak memory to CLEARTOUCH_FIXUP_RUSAGE, if set. */
static void write_rusage(void) {
    const char *path = getenv("CLEARTOUCH_FIXUP_RUSAGE");
    struct rusage usage;
    if (path == NULL || getrusage(RUSAGE_SELF, &usage) != 0)
        return;
    FILE *file = fopen(path, "we");
    if (file == NULL)
        return;
    fprintf(file, "%lld %lld %ld\n",
            (long long)usage.ru_utime.tv_sec * 1000000LL + usage.ru_utime.tv_usec,
            (long long)usage.ru_stime.tv_sec * 1000000LL + usage.ru_stime.tv_usec,
            usage.ru_maxrss);
    fclose(file);
}

/* Releases every open emulated evdev node's barrier, once; true once done. */
static int release_open_barriers(void) {
    DIR *folder = opendir("/proc/self/fd");
    if (folder == NULL)
        return 0;
    int released = 0;
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        int fd = atoi(entry->d_name);
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9' || fd == dirfd(folder) ||
            descriptor_kind(fd) != KIND_EMULATED_EVDEV)
            continue;
        char fd_link[64];
        snprintf(fd_link, sizeof fd_link, "/proc/self/fd/%d", fd);
        int node = open(fd_link, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (node < 0)
            continue;
        static ssize_t (*real_write)(int, const void *, size_t);
        if (real_write == NULL)
            real_write = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
        released |= real_write(node, "GO", 2) == 2;
        close(node);
    }
    closedir(folder);
    return released;
}

/* Called before every wait for input. */
static void before_wait(void) {
    if (testbed_dir() == NULL || !setting_is_on("CLEARTOUCH_FIXUP_RELEASE_ON_WAIT"))
        return;
    int saved_errno = errno;
    if (!released_on_wait)
        released_on_wait = release_open_barriers();
    const char *end = getenv("CLEARTOUCH_FIXUP_EXIT_AFTER_END");
    if (released_on_wait && end != NULL && atoi(end) > 0 &&
        cleartouch_fixup_end_markers_read() >= (unsigned)atoi(end)) {
        write_rusage();
        exit(0);
    }
    errno = saved_errno;
}

int poll(struct pollfd *fds, nfds_t count, int timeout) {
    static int (*real_poll)(struct pollfd *, nfds_t, int);
    if (real_poll == NULL)
        real_poll = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
    before_wait();
    return real_poll(fds, count, timeout);
}

int ppoll(struct pollfd *fds, nfds_t count, const struct timespec *timeout,
          const sigset_t *mask) {
    static int (*real_ppoll)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
    if (real_ppoll == NULL)
        real_ppoll = (int (*)(struct pollfd *, nfds_t, const struct timespec *,
                              const sigset_t *))dlsym(RTLD_NEXT, "ppoll");
    before_wait();
    return real_ppoll(fds, count, timeout, mask);
}

int select(int count, fd_set *readable, fd_set *writable, fd_set *failed,
           struct timeval *timeout) {
    static int (*real_select)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
    if (real_select == NULL)
        real_select = (int (*)(int, fd_set *, fd_set *, fd_set *, struct timeval *))dlsym(
            RTLD_NEXT, "select");
    before_wait();
    return real_select(count, readable, writable, failed, timeout);
}

int pselect(int count, fd_set *readable, fd_set *writable, fd_set *failed,
            const struct timespec *timeout, const sigset_t *mask) {
    static int (*real_pselect)(int, fd_set *, fd_set *, fd_set *, const struct timespec *,
                               const sigset_t *);
    if (real_pselect == NULL)
        real_pselect = (int (*)(int, fd_set *, fd_set *, fd_set *, const struct timespec *,
                                const sigset_t *))dlsym(RTLD_NEXT, "pselect");
    before_wait();
    return real_pselect(count, readable, writable, failed, timeout, mask);
}

int epoll_wait(int epoll, struct epoll_event *events, int count, int timeout) {
    static int (*real_epoll_wait)(int, struct epoll_event *, int, int);
    if (real_epoll_wait == NULL)
        real_epoll_wait =
            (int (*)(int, struct epoll_event *, int, int))dlsym(RTLD_NEXT, "epoll_wait");
    before_wait();
    return real_epoll_wait(epoll, events, count, timeout);
}

int epoll_pwait(int epoll, struct epoll_event *events, int count, int timeout,
                const sigset_t *mask) {
    static int (*real_epoll_pwait)(int, struct epoll_event *, int, int, const sigset_t *);
    if (real_epoll_pwait == NULL)
        real_epoll_pwait = (int (*)(int, struct epoll_event *, int, int,
                                    const sigset_t *))dlsym(RTLD_NEXT, "epoll_pwait");
    before_wait();
    return real_epoll_pwait(epoll, events, count, timeout, mask);
}
