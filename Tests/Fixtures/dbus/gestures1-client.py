#!/usr/bin/python3
# A client of io.github.cleartouch.Gestures1 as a user's script would be (Debian's
# python3-dbus): subscribes to the service's signals on the bus at ADDRESS, prints "ready"
# once the bus has the match rule, then one JSON line per signal (member, signature,
# arguments, whether the sender owns the service's name), and exits after COUNT signals.
#
#   gestures1-client.py ADDRESS COUNT
import json
import sys

import dbus
import dbus.bus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

address, count = sys.argv[1], int(sys.argv[2])
DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)
loop = GLib.MainLoop()
received = []


def on_signal(*args, message=None):
    try:
        owner = bus.get_name_owner("io.github.cleartouch.Gestures1")
    except dbus.exceptions.DBusException:  # a replay that has already sent all and gone
        owner = None
    print(json.dumps({
        "member": message.get_member(),
        "interface": message.get_interface(),
        "path": message.get_path(),
        "signature": message.get_signature(),
        "from_owner": message.get_sender() == owner,
        "args": [bool(a) if isinstance(a, dbus.Boolean) else
                 float(a) if isinstance(a, dbus.Double) else
                 int(a) if isinstance(a, (dbus.UInt32, dbus.UInt64, dbus.Int32)) else
                 str(a) for a in args],
    }), flush=True)
    received.append(message)
    if len(received) >= count:
        loop.quit()


bus.add_signal_receiver(
    on_signal, dbus_interface="io.github.cleartouch.Gestures1",
    path="/io/github/cleartouch/Gestures1", message_keyword="message")
print("ready", flush=True)
GLib.timeout_add_seconds(120, loop.quit)  # a hang guard, never a timing
loop.run()
sys.exit(0 if len(received) >= count else 1)
