import Glibc
import ToolSupport

/// The gesture service's configuration file: its bindings, in file order
/// (docs/gesture-service.md, "Configuration"). Read with libyaml; every problem is a
/// `Diagnostic` (`FILE:LINE: what is wrong`).
public struct GestureServiceConfiguration: Hashable, Sendable {
    /// The file as named (in diagnostics and the JSON's source).
    public var path: String
    public var bindings: [GestureBinding]

    /// A configuration with these bindings.
    public init(path: String, bindings: [GestureBinding]) {
        self.path = path
        self.bindings = bindings
    }

    /// The largest configuration file read: far more than a hundred bindings need, and
    /// small enough to read whole.
    public static let maximumFileBytes = 256 * 1024

    /// The first binding for a gesture, or nil.
    public func binding(
        for kind: ServiceGestureReport.Kind, fingers: Int,
        direction: ServiceGestureReport.Direction?, edge: ServiceGestureReport.Edge?
    ) -> GestureBinding? {
        bindings.first { $0.matches(kind, fingers: fingers, direction: direction, edge: edge) }
    }

    /// Reads the file at `path`: at most `maximumFileBytes` bytes of UTF-8 YAML.
    public static func read(path: String) throws(Diagnostic) -> GestureServiceConfiguration {
        try parse(bytes: InputFile.bytes(path, limitBytes: maximumFileBytes), path: path)
    }

    /// The default configuration file: the user's (`userPath`) when it exists, then
    /// `/etc/cleartouch/gestures.yaml`; nil when neither exists.
    public static func defaultPath(
        environment: [String: String], exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> String? {
        let candidates = (userPath(environment: environment).map { [$0] } ?? []) + [systemPath]
        return candidates.first(where: exists)
    }

    /// The user's own configuration file, whether it exists or not:
    /// `$XDG_CONFIG_HOME/cleartouch/gestures.yaml`, else `$HOME/.config/…`; nil with
    /// neither variable. The one file the agent (`gestures --agent`) reads.
    public static func userPath(environment: [String: String]) -> String? {
        var configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if configHome == nil, let home = environment["HOME"], !home.isEmpty {
            configHome = home + "/.config"
        }
        return configHome.map { $0 + "/cleartouch/gestures.yaml" }
    }

    /// The system-wide configuration file.
    public static let systemPath = "/etc/cleartouch/gestures.yaml"
}
