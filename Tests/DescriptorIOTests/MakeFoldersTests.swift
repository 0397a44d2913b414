import DescriptorIO
import Glibc
import Testing

/// `FileCall.makeFolders`: `mkdir -p` on a name's exact bytes.
@Suite struct MakeFoldersTests {
    /// A fresh folder under /tmp, removed afterwards.
    static func scratch() -> String {
        var template =
            Array("/tmp/cleartouch-folders-XXXXXX".utf8).map { CChar(bitPattern: $0) } + [0]
        return String(cString: mkdtemp(&template)!)
    }

    static func remove(_ folder: String) {
        var pid: pid_t = 0
        let words: [String] = ["rm", "-rf", folder]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        guard posix_spawn(&pid, "/bin/rm", nil, nil, argv, environ) == 0 else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    @Test func makesEveryMissingFolderWithItsExactBytes() {
        let root = Self.scratch()
        defer { Self.remove(root) }
        let outer = Array("a-".utf8) + [0xFF]
        let inner = Array("b-".utf8) + [0xC3, 0x28]
        let path = PathName.string(
            Array(root.utf8) + [0x2F] + outer + [0x2F] + inner + [0x2F] + Array("c".utf8))
        #expect(FileCall.makeFolders(path, 0o755) == 0)
        #expect(FileCall.isFolder(path))
        let entries = (FileCall.folderEntries(root) ?? []).map(PathName.bytes)
        #expect(entries == [outer])
        // Already there: nothing to do, still success.
        #expect(FileCall.makeFolders(path, 0o755) == 0)
        // A trailing slash and a relative name work as mkdir -p's do.
        #expect(FileCall.makeFolders(path + "/d/", 0o755) == 0)
        #expect(FileCall.isFolder(path + "/d"))
    }

    @Test func aFileOnTheWayOrAtTheEndFailsWithNotAFolder() {
        let root = Self.scratch()
        defer { Self.remove(root) }
        let file = root + "/file"
        let fd = FileCall.open(file, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        close(fd)
        errno = 0
        #expect(FileCall.makeFolders(file + "/below", 0o755) == -1)
        #expect(errno == ENOTDIR)
        errno = 0
        #expect(FileCall.makeFolders(file, 0o755) == -1)
        #expect(errno == ENOTDIR)
    }

    /// /proc takes no new folders, even from root: the call's own error comes back.
    @Test func aFolderThatCannotBeMadeFailsWithTheCallsError() {
        errno = 0
        #expect(FileCall.makeFolders("/proc/cleartouch-none/below", 0o755) == -1)
        #expect(errno != 0 && errno != EEXIST)
        #expect(!FileCall.exists("/proc/cleartouch-none"))
    }
}
