import Foundation
import KioskApp
import TouchInput

/// `cleartouch app`: the kiosk app (docs/app.md).
enum AppCommand {
    static let usage = """
        usage: cleartouch app [--list FILE] [--screen WxH] [--row-height PX] [--fullscreen]
                              [--record FILE [--record-text]] [--seat NAME] [--window-input] [DEVICE...]

        Clear's gesture-driven to-do list on this screen. Swipe a row right to complete it,
        left to delete it; pull the list down or pinch two rows apart to add an item; tap a
        row to edit it (Return ends, Escape cancels a new item).

          --list FILE      the list, saved after every change
                           (default $XDG_DATA_HOME/cleartouch/list.json, ~/.local/share/...)
          --screen WxH     the layout's size in pixels (default: the display in full screen, else 540x960)
          --row-height PX  row height H (default round(W*50/320))
          --fullscreen     fill the display (SDL_VIDEODRIVER=kmsdrm runs without a display server)
          --record FILE    record the session as a ClearTouch trace (replay it with `cleartouch replay`)
          --record-text    record typed text as typed (default: one `x` per character)
          --seat NAME      the udev seat libinput reads when no DEVICE is named (default seat0)
          --window-input   take touches from the window (mouse as one finger) even if libinput could open devices
          DEVICE...        /dev/input/eventN nodes for libinput; without any, every device of the seat

        Input: libinput when it can open a touchscreen or touchpad, else the window's own mouse
        and touch events (said on stderr). Keys and text always come through the window.
        Exit status: 0 ok, 1 the list could not be saved, 2 bad usage or the app could not start.
        """

    static func run(arguments: [String]) -> Int32 {
        let options: KioskOptions
        do {
            guard let parsed = try parse(arguments) else {
                print(usage)
                return 0
            }
            options = parsed
        } catch {
            FileHandle.standardError.write(
                Data("cleartouch app: \(error.message)\n\(usage)\n".utf8))
            return 2
        }
        let log: (String) -> Void = { line in
            FileHandle.standardError.write(Data("cleartouch app: \(line)\n".utf8))
        }
        let app: KioskApp
        do {
            app = try KioskApp(options: options, log: log)
        } catch {
            log(error.description)
            return 2
        }
        return app.run()
    }

    struct UsageError: Error {
        var message: String
    }

    /// The options, or nil for `--help`.
    static func parse(_ arguments: [String]) throws(UsageError) -> KioskOptions? {
        var options = KioskOptions(
            listPath: KioskOptions.defaultListPath(environment: ProcessInfo.processInfo.environment)
        )
        var index = 0
        func value(_ option: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else {
                throw UsageError(message: "\(option) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h": return nil
            case "--list": options.listPath = try value(argument)
            case "--screen":
                let text = try value(argument)
                guard let screen = LiveInputArguments.parseScreen(text) else {
                    throw UsageError(message: "--screen: '\(text)' is not WIDTHxHEIGHT in pixels")
                }
                options.screen = screen
            case "--row-height":
                let text = try value(argument)
                guard let height = Double(text), height.isFinite, height >= 1 else {
                    throw UsageError(
                        message: "--row-height: '\(text)' is not a number of pixels (at least 1)")
                }
                options.rowHeightPixels = height
            case "--fullscreen": options.fullscreen = true
            case "--record": options.recordPath = try value(argument)
            case "--record-text": options.recordText = true
            case "--seat": options.seat = try value(argument)
            case "--window-input": options.windowInputOnly = true
            case _ where argument.hasPrefix("-"):
                throw UsageError(message: "unknown option \(argument)")
            default: options.devicePaths.append(argument)
            }
            index += 1
        }
        return options
    }
}
