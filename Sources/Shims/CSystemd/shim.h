// libsystemd: sd-bus (the gesture service's D-Bus signals) and sd-daemon (the kiosk's
// readiness and watchdog notifications). docs/dependencies.md says why.
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>
