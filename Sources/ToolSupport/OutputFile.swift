import DescriptorIO

#if canImport(Glibc)
    import Glibc
#endif

/// The one way every command writes an output file (`--write-expect`, `render -o`,
/// `convert`, `--snapshot`, `--frames`, `record -o`). docs/output-files.md is the contract:
///
/// - A regular file (or no file) is replaced atomically: the new content goes to a
///   temporary file next to it, which is renamed over it. An existing file keeps its mode
///   (and, for root, its owner); a new file gets `newFileMode` less the umask.
/// - A symbolic link is followed: its target is replaced (atomically, as above) and the
///   link stays a link, even when the target does not exist yet.
/// - Anything else (a device such as `/dev/full`, a FIFO, `/dev/stdout`) is written
///   through; a failing write (ENOSPC, EIO) is an error. Paths under `/dev/` and `/proc/`
///   are always written through (`/dev/stdout` may lead to a shell's regular file).
/// - Missing parent folders are not created: the output's folder must exist.
/// - An output that is one of the command's inputs (the same file, by device and inode) is
///   refused, whatever the overwrite policy.
/// - Every error names the path and the reason in plain words (`strerror`).
public enum OutputFile {
    /// The mode a new output file gets (less the umask) unless the writer asks otherwise.
    public static let defaultNewFileMode: mode_t = 0o666

    /// What `path` is, once symbolic links are followed.
    enum Target: Equatable {
        /// Nothing there yet: the file to create (the end of any link chain).
        case absent(path: String)
        /// A regular file, its real path and its mode bits.
        case regular(path: String, mode: mode_t, owner: uid_t, group: gid_t)
        /// A device, FIFO, socket or anything else not replaced but written through.
        case other
    }

    /// Replaces the output at `path` by `text` (UTF-8). `inputs` are every file the
    /// command reads (no default: each writer names them, so none forgets).
    public static func write(
        _ text: String, to path: String, newFileMode: mode_t = defaultNewFileMode,
        protecting inputs: [String]
    ) throws(Diagnostic) {
        try write(Array(text.utf8), to: path, newFileMode: newFileMode, protecting: inputs)
    }

    /// Replaces the output at `path` by `bytes`, refusing any of `inputs`.
    public static func write(
        _ bytes: [UInt8], to path: String, newFileMode: mode_t = defaultNewFileMode,
        protecting inputs: [String]
    ) throws(Diagnostic) {
        let stream = try Stream(
            path: path, newFileMode: newFileMode, replacesAtomically: true, protecting: inputs)
        try stream.write(bytes)
        try stream.commit()
    }

    /// An output written piece by piece. Atomic streams write a temporary file that
    /// `commit` renames over the target (until then the target is untouched; a stream
    /// dropped without `commit` leaves nothing behind). In-place streams (`record`, whose
    /// file must hold every line written so far if the recorder is killed) write the
    /// target itself, following links; an existing file they replace (`--force`) is
    /// untouched until the first write: they write a temporary beside it, renamed over it
    /// by `publish()` (or the first `write`), so a recorder that fails to start leaves it as
    /// it was.
    public final class Stream {
        /// The path as the caller named it (used in every error).
        public let path: String
        /// The descriptor to write to.
        public let descriptor: Int32
        private let temporaryPath: String?
        private let finalPath: String?
        /// The file an in-place stream created (nil when it existed or is not a file).
        private var createdPath: String?
        /// An in-place stream over an existing file: the temporary, renamed over the
        /// target at the first write (then written in place).
        private var pendingReplacement: (temporary: String, target: String)?
        private var done = false

        /// Opens `path` for writing. `exclusive` refuses an existing file (or link target).
        public init(
            path: String, newFileMode: mode_t = OutputFile.defaultNewFileMode,
            replacesAtomically: Bool, exclusive: Bool = false, protecting inputs: [String]
        ) throws(Diagnostic) {
            self.path = path
            let target = try OutputFile.target(of: path)
            try OutputFile.refuseInputs(path: path, inputs: inputs)
            let targetPath: String
            switch target {
            case .absent(let missing):
                try OutputFile.requireParentFolder(of: missing, naming: path)
                targetPath = missing
            case .regular(let existing, _, _, _):
                if exclusive { throw OutputFile.exists(path) }
                targetPath = existing
            case .other:
                // Written through: open the path itself (links such as /dev/stdout resolve
                // to descriptors only the kernel can follow).
                let fd = FileCall.open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard fd >= 0 else { throw OutputFile.failure(path, "cannot open") }
                descriptor = fd
                temporaryPath = nil
                finalPath = nil
                return
            }
            if !replacesAtomically, case .regular(_, let mode, let owner, let group) = target {
                // Never truncated before the stream has something to write.
                let (fd, temporary) = try OutputFile.createTemporary(
                    next: targetPath, mode: newFileMode, naming: path)
                _ = fchown(fd, owner, group)
                _ = fchmod(fd, mode & 0o7777)
                descriptor = fd
                temporaryPath = nil
                finalPath = nil
                pendingReplacement = (temporary, targetPath)
                return
            }
            if !replacesAtomically {
                let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC)
                let fd = FileCall.open(targetPath, flags, newFileMode)
                guard fd >= 0 else {
                    if errno == EEXIST { throw OutputFile.exists(path) }
                    throw OutputFile.failure(path, "cannot create")
                }
                if case .absent = target {
                    // Exactly the mode asked for (the umask only ever takes bits away).
                    _ = fchmod(fd, newFileMode & 0o7777 & ~OutputFile.currentUmask())
                    createdPath = targetPath
                }
                descriptor = fd
                temporaryPath = nil
                finalPath = nil
                return
            }
            let (fd, temporary) = try OutputFile.createTemporary(
                next: targetPath, mode: newFileMode, naming: path)
            if case .regular(_, let mode, let owner, let group) = target {
                // Keep the replaced file's mode and, when allowed, its owner.
                _ = fchown(fd, owner, group)
                _ = fchmod(fd, mode & 0o7777)
            }
            descriptor = fd
            temporaryPath = temporary
            finalPath = targetPath
        }

        deinit {
            if !done {
                Glibc.close(descriptor)
                if let temporaryPath { FileCall.unlink(temporaryPath) }
                if let pendingReplacement { FileCall.unlink(pendingReplacement.temporary) }
            }
        }

        /// Gives up: closes the descriptor and removes the temporary file, or the file an
        /// in-place stream created. An existing target is left as it is.
        public func discard() {
            guard !done else { return }
            done = true
            Glibc.close(descriptor)
            if let temporaryPath { FileCall.unlink(temporaryPath) }
            if let createdPath { FileCall.unlink(createdPath) }
            if let pendingReplacement { FileCall.unlink(pendingReplacement.temporary) }
        }

        /// An in-place stream over an existing file: puts the temporary (and what was
        /// written to `descriptor` so far) in the target's place; from then on the stream
        /// writes the target itself. `write` and `commit` do it first; a writer that writes
        /// to `descriptor` directly calls it once it has started (`record`: after the
        /// devices are open). A no-op for every other stream.
        public func publish() throws(Diagnostic) {
            guard let pending = pendingReplacement else { return }
            pendingReplacement = nil
            guard FileCall.rename(pending.temporary, pending.target) == 0 else {
                let error = OutputFile.failure(path, "cannot replace the file")
                FileCall.unlink(pending.temporary)
                throw error
            }
        }

        /// Writes all of `bytes`; a failing write is an error naming the path.
        public func write(_ bytes: [UInt8]) throws(Diagnostic) {
            try publish()
            do throws(WriteError) {
                try writeAll(descriptor, bytes)
            } catch {
                throw Diagnostic(path: path, line: 0, message: "write failed: \(error.reason)")
            }
        }

        /// Finishes the file: flushes it to disk and, for an atomic stream, renames it
        /// over the target.
        public func commit() throws(Diagnostic) {
            guard !done else { return }
            try publish()
            done = true
            if let temporaryPath, let finalPath {
                let synced = fsync(descriptor) == 0
                let syncError = errno
                let closed = Glibc.close(descriptor) == 0
                let closeError = errno
                guard synced, closed else {
                    FileCall.unlink(temporaryPath)
                    errno = synced ? closeError : syncError
                    throw OutputFile.failure(path, "write failed")
                }
                guard FileCall.rename(temporaryPath, finalPath) == 0 else {
                    let error = OutputFile.failure(path, "cannot replace the file")
                    FileCall.unlink(temporaryPath)
                    throw error
                }
            } else {
                guard Glibc.close(descriptor) == 0 else {
                    throw OutputFile.failure(path, "write failed")
                }
            }
        }
    }

    /// What `path` names once symbolic links are followed.
    static func target(of path: String) throws(Diagnostic) -> Target {
        // /dev/stdout, /dev/fd/N, /proc/self/fd/N name open descriptors: written through
        // even when they lead to a regular file (a shell's `> FILE`), which a rename would
        // take away from the descriptor.
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return .other }
        if let status = FileCall.status(path) {
            guard (status.st_mode & S_IFMT) == S_IFREG else { return .other }
            guard let real = FileCall.realPath(path) else {
                throw failure(path, "cannot resolve the path")
            }
            return .regular(
                path: real, mode: status.st_mode, owner: status.st_uid, group: status.st_gid)
        }
        guard errno == ENOENT else { throw failure(path, "cannot write") }
        // Nothing there, or a link to nothing: follow the links by hand to the file to create.
        guard let end = FileCall.endOfLinks(path) else {
            throw failure(path, errno == ELOOP ? "cannot write" : "cannot read the link")
        }
        return .absent(path: end)
    }

    /// Throws when `path` names an existing regular file (after links): for a writer that
    /// refuses to replace one (`record` without `--force`).
    public static func refuseExisting(_ path: String) throws(Diagnostic) {
        if case .regular = try target(of: path) { throw exists(path) }
    }

    static func exists(_ path: String) -> Diagnostic {
        Diagnostic(
            path: path, line: 0,
            message: "the file exists; choose another name or pass --force to replace it")
    }

    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Throws when `path` is the same file as one of `inputs` (device and inode).
    public static func refuseInputs(path: String, inputs: [String]) throws(Diagnostic) {
        guard let output = FileCall.status(path) else { return }
        for input in inputs {
            if let status = FileCall.status(input), status.st_dev == output.st_dev,
                status.st_ino == output.st_ino
            {
                throw Diagnostic(
                    path: path, line: 0,
                    message: "this is the input \(input); refusing to overwrite an input")
            }
        }
    }

    /// The folder part of `path` (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Throws unless the folder `path` goes into exists: missing folders are never
    /// created (a typing mistake in a path is an error, not a new tree of folders).
    static func requireParentFolder(of path: String, naming name: String) throws(Diagnostic) {
        let folder = self.folder(of: path)
        guard let status = FileCall.status(folder) else {
            throw failure(name, "cannot create (the folder \(folder) is missing)")
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            errno = ENOTDIR
            throw failure(name, "cannot create (\(folder) is not a folder)")
        }
    }

    /// Throws unless the folder the output `path` goes into exists: for a command to check
    /// before its work rather than after it (`test --junit`).
    public static func checkFolder(for path: String) throws(Diagnostic) {
        try requireParentFolder(of: path, naming: path)
    }

    /// Creates the folder `folder` itself when it is missing (`--frames DIR`); its parent
    /// must exist, as for every output. An error names `name`.
    public static func createFolder(_ folder: String, naming name: String) throws(Diagnostic) {
        if let status = FileCall.status(folder) {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                errno = ENOTDIR
                throw failure(name, "cannot create the folder")
            }
            return
        }
        try requireParentFolder(of: folder, naming: name)
        guard FileCall.makeFolder(folder, 0o777) == 0 || errno == EEXIST else {
            throw failure(name, "cannot create the folder")
        }
    }

    private static func createTemporary(next target: String, mode: mode_t, naming name: String)
        throws(Diagnostic) -> (Int32, String)
    {
        let folder = self.folder(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? "output"
        for attempt in 0..<100 {
            let candidate = "\(folder)/.\(base).tmp-\(getpid())-\(attempt)"
            let fd = FileCall.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, candidate) }
            guard errno == EEXIST else { throw failure(name, "cannot create") }
        }
        throw failure(name, "cannot create")
    }

    /// `PATH:0: what: strerror(errno)`.
    static func failure(_ path: String, _ what: String) -> Diagnostic {
        Diagnostic(path: path, line: 0, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
