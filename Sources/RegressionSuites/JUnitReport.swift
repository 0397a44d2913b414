/// JUnit XML for CI systems: one `<testsuite>` of `cleartouch test`'s cases, each a
/// `<testcase>` (classname: the recording's folder, name: its file name, time in
/// seconds) with a `<failure>` holding the diff (or the brittle decision), an `<error>`
/// for a case that could not run, `<skipped>` with the reason for one the suite's player
/// could not play, or, for an expectation `--update` rewrote, no failure and a
/// `<system-out>` saying so. Its counts are the summary line's (`RegressionSuite.counts`).
public enum JUnitReport {
    /// The XML document of `reports`.
    public static func xml(_ reports: [RegressionReport], suiteName: String = "cleartouch test")
        -> String
    {
        // The counts the summary line gives (`RegressionSuite.counts`).
        let counts = RegressionSuite.counts(reports)
        let failures = counts[.failed, default: 0]
        let errors = counts[.error, default: 0]
        let skipped = counts[.skipped, default: 0]
        let total = reports.reduce(Int64(0)) { $0 + $1.durationMicroseconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\(attribute(suiteName)) tests=\"\(reports.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(total))\">\n"
        xml +=
            "  <testsuite name=\(attribute(suiteName)) tests=\"\(reports.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(seconds(total))\">\n"
        for report in reports {
            let path = report.testCase.recordingPath ?? report.testCase.expectationPath
            let folder = RegressionSuite.folder(of: path)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let open =
                "    <testcase classname=\(attribute(folder)) name=\(attribute(name)) file=\(attribute(path)) time=\"\(seconds(report.durationMicroseconds))\""
            switch report.outcome {
            case .passed:
                xml += open + "/>\n"
            case .failed(let diff, _):
                let headline =
                    diff.split(separator: "\n").first.map(String.init) ?? "expectation not met"
                xml += open + ">\n"
                xml +=
                    "      <failure type=\"expectation\" message=\(attribute("expectation not met (\(report.testCase.expectationPath)): \(headline)"))>"
                    + text(diff) + "</failure>\n"
                xml += "    </testcase>\n"
            case .error(let diagnostic):
                xml += open + ">\n"
                xml +=
                    "      <error type=\"unreadable\" message=\(attribute(diagnostic.description))>"
                    + text(diagnostic.description) + "</error>\n"
                xml += "    </testcase>\n"
            case .skipped(let reason):
                xml += open + ">\n"
                xml += "      <skipped message=\(attribute(reason))/>\n"
                xml += "    </testcase>\n"
            case .brittle(let line):
                xml += open + ">\n"
                xml +=
                    "      <failure type=\"brittle\" message=\(attribute(line))>" + text(line)
                    + "</failure>\n"
                xml += "    </testcase>\n"
            case .updated(let diff):
                // Passed now: the expectation was rewritten to what the replay did.
                xml += open + ">\n"
                xml +=
                    "      <system-out>"
                    + text("updated \(report.testCase.expectationPath)\n" + diff)
                    + "</system-out>\n"
                xml += "    </testcase>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Seconds with microsecond precision.
    static func seconds(_ microseconds: Int64) -> String {
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)."
            + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `value` as a quoted attribute.
    static func attribute(_ value: String) -> String {
        "\"" + escape(value, inAttribute: true) + "\""
    }

    /// `value` as element text.
    static func text(_ value: String) -> String { escape(value, inAttribute: false) }

    /// Escapes markup characters; characters XML 1.0 cannot hold at all (most control
    /// characters, lone surrogates cannot occur in a String) become U+FFFD. In attributes,
    /// line breaks and tabs are kept as character references (a parser would otherwise
    /// normalize them to spaces).
    static func escape(_ value: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "'" where inAttribute: out += "&apos;"
            case "\n" where inAttribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where inAttribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                let allowed =
                    v >= 0x20 && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
