// GLib's checksums and Base64 (the SHA-256 of the pages' inline scripts). GLib is linked
// already, under Pango and cairo: no new library.
#include <glib.h>
