import ToolSupport

/// What went wrong reading a recording, and where: prints as `FILE:LINE: what is wrong`
/// (line 0 when the problem is not tied to a line, such as a file that cannot be opened).
///
/// Also used for warnings (a truncated last line, a frame never ended): the reader
/// keeps going and lists them in `warnings`. It is the shared `Diagnostic`.
public typealias RecordingError = Diagnostic
