#!/usr/bin/python3
# A stand-in for systemd-logind's two methods the kiosk uses (Debian's python3-dbus), on
# the bus at ADDRESS: org.freedesktop.login1.Manager.GetSessionByPID answers the path
# of session SESSION for any process, and org.freedesktop.login1.Session.SetBrightness on
# that session records its call; both print one JSON line per call (member, path,
# arguments, and for GetSessionByPID whether the PID asked for is the caller's own).
# Prints "ready" once it owns org.freedesktop.login1. With SESSION "none" every process
# is told it has no session, as logind tells a program started outside one.
#
#   logind-standin.py ADDRESS SESSION
import json
import sys

import dbus
import dbus.bus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

address, session = sys.argv[1], sys.argv[2]
DBusGMainLoop(set_as_default=True)
bus = dbus.bus.BusConnection(address)
loop = GLib.MainLoop()
session_path = "/org/freedesktop/login1/session/" + session


def say(record):
    print(json.dumps(record), flush=True)


class Manager(dbus.service.Object):
    @dbus.service.method("org.freedesktop.login1.Manager", in_signature="u",
                         out_signature="o", sender_keyword="sender")
    def GetSessionByPID(self, pid, sender=None):
        caller = bus.call_blocking(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "GetConnectionUnixProcessID", "s", (sender,))
        say({"member": "GetSessionByPID", "path": "/org/freedesktop/login1",
             "pid": int(pid), "is_caller": int(pid) == int(caller)})
        if session == "none":
            raise dbus.exceptions.DBusException(
                "PID %d does not belong to any known session" % pid,
                name="org.freedesktop.login1.NoSessionForPID")
        return dbus.ObjectPath(session_path)


class Session(dbus.service.Object):
    @dbus.service.method("org.freedesktop.login1.Session", in_signature="ssu",
                         out_signature="")
    def SetBrightness(self, subsystem, name, brightness):
        say({"member": "SetBrightness", "path": session_path,
             "args": [str(subsystem), str(name), int(brightness)]})


name = dbus.service.BusName("org.freedesktop.login1", bus)
Manager(bus, "/org/freedesktop/login1")
if session != "none":
    Session(bus, session_path)
say("ready")
GLib.timeout_add_seconds(120, loop.quit)  # a hang guard, never a timing
loop.run()
