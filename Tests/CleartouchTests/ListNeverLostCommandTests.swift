import Foundation
import TestSupport
import Testing

/// The list that is never lost, through the commands (docs/list-file.md, "The file";
/// docs/lists.md, "Ids"): `app --list` refuses to start on a list it cannot read (exit 2,
/// `FILE: why`) and leaves it as it is, where it used to start from the sample items and
/// replace it at the first change; `replay --list` and the app take list ids up to
/// 2^64 − 1 and add lists after them (an overflow in `TodoLists.init` crashed both).
@Suite struct ListNeverLostCommandTests {
    /// A recording that goes to the lists level and adds a list.
    static let addsAList = TestPaths.recordings + "/lists-add-title.trace"

    func app(list: String, prefix: [String] = []) throws -> CommandRun {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let arguments = [
            "app", "--offscreen", "--sound", "off", "--list", list, "--replay", Self.addsAList,
            "--speed", "0",
        ]
        guard let first = prefix.first else {
            return try runCommand(executable: executable, arguments: arguments)
        }
        return try runCommand(
            executable: first, arguments: Array(prefix.dropFirst()) + [executable] + arguments)
    }

    /// What the app cannot read: every hostile place, a file over the size limit, a newer
    /// version.
    enum Unreadable: CustomStringConvertible {
        case place(HostilePlace)
        case tooLarge
        case newerVersion

        static let all: [Unreadable] =
            HostilePlace.allCases.map(place) + [.tooLarge, .newerVersion]

        var description: String {
            switch self {
            case .place(let place): "\(place)"
            case .tooLarge: "too large"
            case .newerVersion: "a newer version"
            }
        }
    }

    @Test(arguments: Unreadable.all)
    func theAppRefusesToStartOnAListItCannotRead(_ unreadable: Unreadable) throws {
        let folder = ScratchFolder(inMemory: true)
        let path = folder.file("list.json")
        switch unreadable {
        case .place(let place):
            if place.needsRoot && !runsAsRoot { try RequiredInput.missing("\(place) needs root") }
            try #require(place.make(at: path))
        case .tooLarge:
            try #require(makeSparseFile(path, bytes: (16 << 20) + 1))
        case .newerVersion:
            try Data("{\"format\": \"cleartouch-list\", \"version\": 3, \"lists\": []}".utf8)
                .write(to: URL(fileURLWithPath: path))
        }
        let before = folder.identities
        let run = try app(list: path)
        #expect(run.status == 2, "\(unreadable): \(run.standardError)")
        #expect(
            run.standardError.hasPrefix("cleartouch app: \(path): "),
            "\(unreadable): \(run.standardError)")
        #expect(folder.identities == before, "\(unreadable): the list was changed")
    }

    /// A list the app's user may not read, in a folder it may write.
    @Test func theAppRefusesToStartOnAListItMayNotRead() throws {
        let folder = ScratchFolder(inMemory: true)
        let path = folder.file("list.json")
        try Data("[\"keep me\"]".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o200)
        guard let (program, arguments) = withoutReadOverride("/usr/bin/env", []) else {
            try RequiredInput.missing("setpriv (util-linux) is not installed")
        }
        let before = folder.identities
        let run = try app(list: path, prefix: [program] + arguments)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(
            run.standardError.contains("\(path): cannot read the list: Permission denied"),
            "\(run.standardError)")
        #expect(folder.identities == before)
    }

    /// List ids at the top of the range, then a list added at the lists level.
    static let listIDSets: [[UInt64]] = [
        [UInt64.max], [UInt64.max, 0], [0, UInt64.max], [UInt64.max - 1], [0, 1, 2, UInt64.max],
    ]

    static func listFile(ids: [UInt64]) -> String {
        let lists = ids.enumerated().map { index, id in
            "{\"id\": \(id), \"title\": \"list \(index)\", \"items\": [{\"id\": \(UInt64.max), \"text\": \"top\"}]}"
        }
        return
            "{\"format\": \"cleartouch-list\", \"version\": 2, \"lists\": [\(lists.joined(separator: ", "))], \"open\": 0}\n"
    }

    @Test(arguments: listIDSets)
    func replayAddsAListAfterIDsAtTheTop(ids: [UInt64]) throws {
        let folder = ScratchFolder()
        let path = folder.file("list.json")
        try Data(Self.listFile(ids: ids).utf8).write(to: URL(fileURLWithPath: path))
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable, arguments: ["replay", "--list", path, Self.addsAList, "--json"])
        #expect(run.status == 0, "\(ids): \(run.standardError)")
        let json =
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let lists = json?["lists"] as? [[String: Any]]
        #expect(lists?.count == ids.count + 1, "\(ids): \(run.standardOutput.prefix(400))")
    }

    /// The app saves what it added, and the next start reads it (no id saved twice). Two
    /// sets only: the app draws every frame of the recording (1.5 s of CPU each).
    @Test(arguments: [[UInt64.max, 0], [0, 1, 2, UInt64.max]])
    func theAppSavesAListAddedAfterIDsAtTheTop(ids: [UInt64]) throws {
        let folder = ScratchFolder(inMemory: true)
        let path = folder.file("list.json")
        try Data(Self.listFile(ids: ids).utf8).write(to: URL(fileURLWithPath: path))
        let run = try app(list: path)
        #expect(run.status == 0, "\(ids): \(run.standardError)")
        let saved =
            try JSONSerialization.jsonObject(
                with: try Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let lists = try #require(saved?["lists"] as? [[String: Any]], "\(ids)")
        let savedIDs = lists.compactMap { ($0["id"] as? NSNumber)?.uint64Value }
        #expect(savedIDs.count == ids.count + 1, "\(ids): \(lists)")
        #expect(Set(savedIDs).count == savedIDs.count, "\(ids): an id saved twice: \(savedIDs)")
        #expect(
            folder.contents == ["list.json", "list.json.v1"] || folder.contents == ["list.json"],
            "\(folder.contents)")
    }
}
