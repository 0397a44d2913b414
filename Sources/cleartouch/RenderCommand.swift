import Replay

/// `cleartouch render FILE -o OUT.svg`: see `RenderOptions.usage` and docs/replay.md.
enum RenderCommand {
    static func run(arguments: [String]) -> Int32 {
        ReplayCommandRunner.render(arguments)
    }
}
