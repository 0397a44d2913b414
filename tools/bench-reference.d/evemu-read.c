/* The C evemu library's own parser on an evemu file: evemu_read() for the
 * description, then evemu_read_event() in a loop. Prints "CPU_SECONDS EVENTS". */
#include <evemu.h>
#include <stdio.h>
#include <time.h>

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: evemu-read DESC EVENTS\n");
        return 2;
    }
    double start = cpu_seconds();
    struct evemu_device *device = evemu_new(NULL);
    FILE *desc = fopen(argv[1], "r");
    if (!device || !desc || evemu_read(device, desc) < 0) {
        fprintf(stderr, "evemu-read: cannot read %s\n", argv[1]);
        return 2;
    }
    fclose(desc);
    FILE *events = fopen(argv[2], "r");
    if (!events) {
        fprintf(stderr, "evemu-read: cannot open %s\n", argv[2]);
        return 2;
    }
    struct input_event event;
    long count = 0;
    long checksum = 0;
    while (evemu_read_event(events, &event) > 0) {
        count++;
        checksum += event.value;
    }
    fclose(events);
    evemu_delete(device);
    printf("%.6f %ld %ld\n", cpu_seconds() - start, count, checksum);
    return 0;
}
