#!/usr/bin/python3
# A client of Touchégg's daemon as Gala and the x11gestures GNOME extension are: GDBus
# (through GObject introspection), a peer-to-peer connection to ADDRESS (Touchégg's is
# unix:abstract=touchegg), a subscription to Touchégg's interface on its object. Prints
# "ready" once connected, one JSON line per signal, and exits after COUNT signals.
#
#   touchegg-client.py ADDRESS COUNT
import json
import sys

from gi.repository import Gio, GLib

address, count = sys.argv[1], int(sys.argv[2])
connection = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
loop = GLib.MainLoop()
received = []


def on_signal(connection, sender, path, interface, member, parameters):
    print(json.dumps({
        "member": member, "interface": interface, "path": path,
        "signature": parameters.get_type_string(),
        "args": list(parameters.unpack()),
    }), flush=True)
    received.append(member)
    if len(received) >= count:
        loop.quit()


connection.signal_subscribe(
    None, "io.github.joseexposito.Touchegg", None, "/io/github/joseexposito/Touchegg",
    None, Gio.DBusSignalFlags.NONE, on_signal)
# Touchégg's object, as the client sees it (introspection answered by the server).
introspection = connection.call_sync(
    None, "/io/github/joseexposito/Touchegg", "org.freedesktop.DBus.Introspectable",
    "Introspect", None, GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, 10000, None)
print(json.dumps({"introspection": introspection.unpack()[0]}), flush=True)
print("ready", flush=True)
GLib.timeout_add_seconds(120, loop.quit)  # a hang guard, never a timing
loop.run()
sys.exit(0 if len(received) >= count else 1)
