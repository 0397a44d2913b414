import Replay

/// `cleartouch replay FILE ...`: see `ReplayOptions.usage` and docs/replay.md.
enum ReplayCommand {
    static func run(arguments: [String]) -> Int32 {
        ReplayCommandRunner.replay(arguments)
    }
}
