#if canImport(Glibc)
    import Glibc
#endif

/// The system calls that take a file name, each handing the system the exact bytes a
/// `PathName` stands for: the one place a path becomes bytes. Every file access of the
/// commands goes through here (inputs, outputs and their temporaries, folders, links), so
/// a name that is not UTF-8 opens like any other. Each returns what the call returns and
/// leaves `errno` as the call set it.
public enum FileCall {
    /// `open(2)`.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        PathName.withCString(path) { Glibc.open($0, flags, mode) }
    }

    /// Opens `path` for reading without ever waiting for a writer: a FIFO is opened
    /// non-blocking (with no writer it reads as empty at once), then reads block again, so
    /// a writer that is there is waited for, as `cat` waits. `O_CLOEXEC | O_NOCTTY`.
    /// The one way every reader opens its input (docs/trace-format.md, "Ranges").
    public static func openForReading(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { return descriptor }
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        return descriptor
    }

    /// `stat(2)`: the status of what `path` leads to, or nil.
    public static func status(_ path: String) -> stat? {
        var status = stat()
        return PathName.withCString(path) { stat($0, &status) } == 0 ? status : nil
    }

    /// `lstat(2)`: the status of `path` itself (a link is not followed), or nil.
    public static func linkStatus(_ path: String) -> stat? {
        var status = stat()
        return PathName.withCString(path) { lstat($0, &status) } == 0 ? status : nil
    }

    /// Whether `path` leads to something (`stat` succeeds).
    public static func exists(_ path: String) -> Bool { status(path) != nil }

    /// Whether `path` leads to a folder.
    public static func isFolder(_ path: String) -> Bool {
        status(path).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false
    }

    /// `access(2)`.
    public static func access(_ path: String, _ mode: Int32) -> Int32 {
        PathName.withCString(path) { Glibc.access($0, mode) }
    }

    /// `rename(2)`.
    public static func rename(_ from: String, _ to: String) -> Int32 {
        PathName.withCString(from) { from in PathName.withCString(to) { Glibc.rename(from, $0) } }
    }

    /// `unlink(2)`.
    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        PathName.withCString(path) { Glibc.unlink($0) }
    }

    /// `mkdir(2)`.
    public static func makeFolder(_ path: String, _ mode: mode_t) -> Int32 {
        PathName.withCString(path) { Glibc.mkdir($0, mode) }
    }

    /// `mkdir -p`: `path` and every missing folder above it, each with `mode`. Returns 0
    /// when `path` is a folder at the end (made here or already there), else -1 with
    /// `errno` from the call that failed (`ENOTDIR` when something on the way is a file).
    public static func makeFolders(_ path: String, _ mode: mode_t) -> Int32 {
        if isFolder(path) { return 0 }
        // Each folder on the way, from the top down; the components are the name's own
        // (a name split at "/" keeps every other byte as it is).
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if !isFolder(prefix) {
                if makeFolder(prefix, mode) != 0 && !(errno == EEXIST && isFolder(prefix)) {
                    if errno == EEXIST { errno = ENOTDIR }
                    return -1
                }
            }
            prefix += "/"
        }
        return 0
    }

    /// `realpath(3)`: the absolute path without links, or nil.
    public static func realPath(_ path: String) -> String? {
        guard let real = PathName.withCString(path, { Glibc.realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return PathName.string(cString: real)
    }

    /// `readlink(2)`: where the link `path` points, or nil.
    public static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = PathName.withCString(path) { Glibc.readlink($0, &buffer, Int(PATH_MAX)) }
        guard count > 0 else { return nil }
        return PathName.string(buffer[0..<count].map { UInt8(bitPattern: $0) })
    }

    /// Where the chain of symbolic links that `path` starts ends: `path` itself when it is
    /// not a link, else the last link's destination (a relative one taken from its link's
    /// folder), which may not exist: what a write through the links replaces or creates.
    /// nil when a link cannot be read, or with `ELOOP` after 40 links (the kernel's limit).
    public static func endOfLinks(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            guard let link = linkStatus(current), (link.st_mode & S_IFMT) == S_IFLNK else {
                return current
            }
            guard let destination = linkDestination(current) else { return nil }
            if destination.hasPrefix("/") {
                current = destination
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + destination
            } else {
                current = destination
            }
        }
        errno = ELOOP
        return nil
    }

    /// What a file of mode `mode` (`st_mode`) is, as a message names it: `a folder`,
    /// `a FIFO`, `a character device`, …; nil for a regular file.
    public static func kindName(mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    /// The names in the folder `path` (without `.` and `..`), each with its bytes kept; nil
    /// when the folder cannot be read (`errno` says why).
    public static func folderEntries(_ path: String) -> [String]? {
        guard let directory = PathName.withCString(path, { Glibc.opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { PathName.string(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
            errno = 0
        }
        return errno == 0 ? names : nil
    }
}
