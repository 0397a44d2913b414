import CCairo

/// A failed Cairo call, with Cairo's own description of the status.
public struct CairoError: Error, CustomStringConvertible, Sendable {
    /// The raw `cairo_status_t` value.
    public var statusCode: UInt32
    /// What was being done when Cairo failed.
    public var operation: String

    init(_ status: cairo_status_t, operation: String) {
        self.statusCode = status.rawValue
        self.operation = operation
    }

    public var description: String {
        let reason = String(cString: cairo_status_to_string(cairo_status_t(rawValue: statusCode)))
        return "\(operation): \(reason)"
    }

    /// Throws when `status` is not `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String)
        throws(CairoError)
    {
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(status, operation: operation()) }
    }
}
