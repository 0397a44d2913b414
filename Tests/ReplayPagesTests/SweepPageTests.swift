import Foundation
import RegressionSuites
import ReplayPages
import Testing

/// `cleartouch test --sweep`'s page (`DIR/sweep.html`) and table.
@Suite struct SweepPageTests {
    @Test func theSweepPageIsOnePlotWithAPointPerValue() throws {
        let sweep = try ThresholdSweep(parsing: "slop-px=6:14:2")
        let points = sweep.values.enumerated().map {
            ThresholdSweep.Point(value: $0.element, passed: 10 - $0.offset, total: 10)
        }
        let page = sweep.page(points)
        #expect(page.components(separatedBy: "class=\"sweep-point\"").count == 6)
        #expect(page.contains("data-value=\"10\" data-passed=\"8\" data-total=\"10\""))
        #expect(!page.contains("<script") && !page.contains("src=") && !page.contains("href="))
        #expect(
            !page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
                .contains("://"))
        #expect(page.contains("id=\"sweep-default\""))
        let table = sweep.table(points)
        #expect(table.split(separator: "\n").count == 7)
        #expect(table.contains("10 *"))
    }
}
