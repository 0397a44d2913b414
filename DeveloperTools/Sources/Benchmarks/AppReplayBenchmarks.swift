import Foundation

/// `cleartouch app --replay FILE --speed 0` on continuous kiosk input at 1080x1920
/// (`ContinuousTouch`: one finger moving the whole time at 120 Hz, so every 1/60 s of the
/// recording makes a frame): the app's process as a user runs it, offscreen, best of 3
/// by CPU time (every thread). The target is 30× real time in CPU (issue 36: a day of
/// kiosk input in well under an hour on one core).
func runAppReplayBenchmarks() {
    print("## app --replay --speed 0, continuous touch at 1080x1920")
    guard let devices = siblingExecutable("cleartouch-devices") else {
        print(
            "app-replay: no release cleartouch-devices beside the benchmark (make bench builds it)")
        return
    }
    let folder = temporaryDirectory("cleartouch-app-replay-bench")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let recording = folder + "/continuous.evemu"
    let minutes = 6
    do {
        try ContinuousTouch.write(minutes: minutes, to: recording)
    } catch {
        print("app-replay: cannot write the recording: \(error)")
        return
    }
    let recordedSeconds = Double(minutes * 60)
    let list = folder + "/list.json"
    let log = folder + "/app.log"
    var best = (cpu: Double.infinity, wall: Double.infinity)
    for _ in 0..<3 {
        unlink(list)  // every run starts from the same (new) list
        guard
            let run = childProcessCPUSeconds(
                [
                    devices, "app", "--offscreen", "--sound", "off", "--screen", "1080x1920",
                    "--list", list, "--replay", recording, "--speed", "0",
                ], standardErrorPath: log),
            run.status == 0
        else {
            print(
                "app-replay: the app failed: \(((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))"
            )
            return
        }
        best = (min(best.cpu, run.seconds), min(best.wall, run.wallSeconds))
    }
    let finished =
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").first {
            $0.contains("replay finished")
        }
        .map(String.init) ?? "(no 'replay finished' line)"
    let times = recordedSeconds / best.cpu
    print(
        "\(minutes) min of continuous touch (\(Int(recordedSeconds * 60)) frames at 60 Hz): \(finished)"
    )
    print(
        "process CPU \(String(format: "%.3f", best.cpu)) s (wall \(String(format: "%.3f", best.wall)) s): "
            + "× real time by CPU \(String(format: "%.0f", times)) (target >= 30: \(times >= 30 ? "met" : "NOT met")); "
            + "a day of it: \(String(format: "%.0f", 86_400 / times)) s of CPU"
    )
}
