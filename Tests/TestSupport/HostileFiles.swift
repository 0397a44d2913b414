import Foundation

/// What a path leads to, to tell that a command left it untouched: kind, inode, size,
/// mode, owner and, for a regular file, its bytes. Links are not followed: a link that
/// was replaced by a file, or a node renamed away, no longer compares equal.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    public var kind: UInt32
    public var inode: UInt64
    public var size: Int64
    public var mode: UInt32
    public var owner: UInt32
    public var group: UInt32
    public var bytes: Data?

    /// `path` as it is now (links not followed); nil when nothing is there.
    public init?(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        kind = status.st_mode & S_IFMT
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        mode = status.st_mode & 0o7777
        owner = status.st_uid
        group = status.st_gid
        // Small regular files only: an oversized sparse one is known by its size and inode.
        bytes =
            kind == S_IFREG && status.st_size <= 1 << 20
            ? FileManager.default.contents(atPath: path) : nil
    }

    public var description: String {
        "kind \(String(kind, radix: 8)) inode \(inode) size \(size) mode \(String(mode, radix: 8)) owner \(owner):\(group)"
    }
}

/// The places a list or an output must never be taken for a regular file (docs/list-file.md):
/// FIFOs, device nodes, folders, each also behind a symbolic link, and files the store cannot
/// read whole (over a size limit). Each is made in a scratch folder.
public enum HostilePlace: String, CaseIterable, Sendable, CustomStringConvertible {
    case fifo, characterDevice, blockDevice, folder
    case linkToFIFO, linkToCharacterDevice, linkToFolder, linkChainToFIFO

    public var description: String { rawValue }

    /// Whether making it needs root (device nodes).
    public var needsRoot: Bool {
        [.characterDevice, .blockDevice, .linkToCharacterDevice].contains(self)
    }

    /// Makes it at `path`; what the links lead to goes beside it (`path.target`, …).
    /// Returns false when it cannot be made (a device node without root).
    @discardableResult
    public func make(at path: String) -> Bool {
        let target = path + ".target"
        switch self {
        case .fifo: return mkfifo(path, 0o644) == 0
        // /dev/null's and /dev/loop0's numbers, made here: nothing reads or writes them.
        case .characterDevice: return mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0
        case .blockDevice: return mknod(path, S_IFBLK | 0o660, dev_t((7 << 8) | 0)) == 0
        case .folder: return mkdir(path, 0o755) == 0
        case .linkToFIFO:
            return HostilePlace.fifo.make(at: target) && symlink(target, path) == 0
        case .linkToCharacterDevice:
            return HostilePlace.characterDevice.make(at: target) && symlink(target, path) == 0
        case .linkToFolder:
            return HostilePlace.folder.make(at: target) && symlink(target, path) == 0
        case .linkChainToFIFO:
            // A relative link to a relative link to the FIFO.
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return HostilePlace.fifo.make(at: target)
                && symlink(name + ".target", path + ".middle") == 0
                && symlink(name + ".middle", path) == 0
        }
    }

    /// Every path `make(at: path)` made, with what each is now.
    public static func identities(at path: String) -> [String: FileIdentity] {
        var found: [String: FileIdentity] = [:]
        for name in [path, path + ".target", path + ".middle"] {
            if let identity = FileIdentity(name) { found[name] = identity }
        }
        return found
    }
}

/// A sparse regular file of exactly `bytes` bytes at `path` (no disk used): larger than a
/// reader's limit without writing it.
@discardableResult
public func makeSparseFile(_ path: String, bytes: Int) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return ftruncate(descriptor, off_t(bytes)) == 0
}

/// Whether this process is root (device nodes, other owners, `setpriv`).
public var runsAsRoot: Bool { geteuid() == 0 }

/// The arguments that run `program` without the power to read files its mode forbids: as
/// root, `setpriv` without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (root reads every file
/// otherwise); as another user, the program itself. nil when root has no `setpriv`.
public func withoutReadOverride(_ program: String, _ arguments: [String]) -> (String, [String])? {
    guard runsAsRoot else { return (program, arguments) }
    let setpriv = "/usr/bin/setpriv"
    guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
    return (setpriv, ["--bounding-set", "-dac_override,-dac_read_search", program] + arguments)
}

extension ScratchFolder {
    /// Everything in the folder with what it is now (`FileIdentity`).
    public var identities: [String: FileIdentity] {
        var found: [String: FileIdentity] = [:]
        for name in contents { found[name] = FileIdentity(file(name)) }
        return found
    }
}
