// The kernel's evdev event codes (Debian linux-libc-dev). <linux/input.h> adds the
// multi-touch tool types (MT_TOOL_*) to <linux/input-event-codes.h>.
#include <linux/input-event-codes.h>
#include <linux/input.h>
