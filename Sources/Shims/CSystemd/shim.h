// libsystemd: sd-bus (the gesture service's D-Bus signals) and sd-daemon (the kiosk's
// readiness and watchdog notifications). docs/dependencies.md says why.
#include <string.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>

// sd-bus describes an object's members with the SD_BUS_VTABLE_* macros, which Swift cannot
// call (a bitfield and a union). These fill one entry each as the macros do, after zeroing
// it: sd-bus requires the unused part of the union to be zero (sd-bus-vtable.h).
static inline void cleartouch_bus_vtable_start(sd_bus_vtable *entry) {
    memset(entry, 0, sizeof *entry);
    entry->type = _SD_BUS_VTABLE_START;
    entry->x.start.element_size = sizeof(sd_bus_vtable);
    entry->x.start.features = _SD_BUS_VTABLE_PARAM_NAMES;
    entry->x.start.vtable_format_reference = &sd_bus_object_vtable_format;
}

// `names`: the arguments' names, each followed by a NUL (as SD_BUS_PARAM writes them).
static inline void cleartouch_bus_vtable_signal(
    sd_bus_vtable *entry, const char *member, const char *signature, const char *names) {
    memset(entry, 0, sizeof *entry);
    entry->type = _SD_BUS_VTABLE_SIGNAL;
    entry->x.signal.member = member;
    entry->x.signal.signature = signature;
    entry->x.signal.names = names;
}

static inline void cleartouch_bus_vtable_end(sd_bus_vtable *entry) {
    memset(entry, 0, sizeof *entry);
    entry->type = _SD_BUS_VTABLE_END;
}
