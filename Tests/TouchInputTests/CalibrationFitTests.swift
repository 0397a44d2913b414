import Testing
import TouchInput

/// `CalibrationMatrix` and `CalibrationFit`: fits against known matrices, the residual
/// bound just below and above, degenerate sessions, parsing.
@Suite struct CalibrationFitTests {
    static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)

    /// The device-normalized touches a layer whose calibration is `matrix` reports for the
    /// five targets: the matrix's inverse applied to each target.
    static func touches(for matrix: CalibrationMatrix) -> [Point] {
        let inverse = matrix.inverse!
        return CalibrationFit.targets.map { inverse.apply($0) }
    }

    static func close(_ a: CalibrationMatrix, _ b: CalibrationMatrix, within: Double = 1e-9) -> Bool
    {
        zip(a.values, b.values).allSatisfy { abs($0 - $1) <= within }
    }

    @Test(arguments: [
        ("identity", CalibrationMatrix.identity),
        ("swapped axes", CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0)),
        ("inverted x", CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)),
        ("inverted both", CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1)),
        ("skewed", CalibrationMatrix(a: 1, b: 0.08, c: -0.04, d: -0.05, e: 1, f: 0.02)),
        ("offset and scaled", CalibrationMatrix(a: 1.1, b: 0, c: -0.05, d: 0, e: 0.9, f: 0.07)),
    ])
    func fitsAKnownMatrixExactly(name: String, matrix: CalibrationMatrix) throws {
        let fit = try CalibrationFit.fit(touches: Self.touches(for: matrix), screen: Self.screen)
            .get()
        #expect(Self.close(fit.matrix, matrix), "\(name): \(fit.matrix)")
        #expect(fit.worstResidualPixels < 1e-6)
    }

    @Test func theMedianOfEachTouchsSamplesIsItsPosition() {
        let samples = [
            Point(x: 0.5, y: 0.1), Point(x: 0.52, y: 0.3), Point(x: 0.9, y: 0.2),
            Point(x: 0.51, y: 0.25),
        ]
        #expect(CalibrationFit.position(ofSamples: samples) == Point(x: 0.515, y: 0.225))
        #expect(CalibrationFit.median([3, 1, 2]) == 2)
    }

    /// The fifth touch (the centre) off by `error` screen-normalized along x: the least
    /// squares fit spreads it, the centre keeps the largest residual.
    static func sessionWithCentreOff(byPixels pixels: Double) -> [Point] {
        var touches = CalibrationFit.targets
        touches[4].x += pixels / Double(screen.widthPixels)
        return touches
    }

    /// The worst residual of a session whose centre touch is `pixels` off along x.
    static func worstResidual(centreOffByPixels pixels: Double) -> Double {
        switch CalibrationFit.fit(touches: sessionWithCentreOff(byPixels: pixels), screen: screen) {
        case .success(let fit): return fit.worstResidualPixels
        case .failure(.residualTooLarge(_, let residual, _)): return residual
        case .failure: return .nan
        }
    }

    /// The error at which the worst residual reaches the bound is found by bisection; a
    /// hundredth of a pixel less is accepted, a hundredth more refused.
    @Test func theResidualBoundHoldsJustBelowAndAbove() throws {
        let bound = CalibrationFit.boundPixels(screen: Self.screen)
        #expect(bound == 27)
        var low = 0.0
        var high = 200.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if Self.worstResidual(centreOffByPixels: middle) > bound {
                high = middle
            } else {
                low = middle
            }
        }
        let below = try CalibrationFit.fit(
            touches: Self.sessionWithCentreOff(byPixels: low - 0.01), screen: Self.screen
        ).get()
        #expect(below.worstResidualPixels < bound)
        #expect(below.worstResidualPixels > bound - 0.02)
        let above = CalibrationFit.fit(
            touches: Self.sessionWithCentreOff(byPixels: high + 0.01), screen: Self.screen)
        guard case .failure(.residualTooLarge(let target, let residual, let limit)) = above else {
            Issue.record("expected the residual to be refused, got \(above)")
            return
        }
        #expect(target == 5)
        #expect(residual > bound && residual < bound + 0.02)
        #expect(limit == bound)
        let message =
            "\(CalibrationFit.Failure.residualTooLarge(target: 5, residualPixels: residual, boundPixels: limit))"
        #expect(message.contains("target 5 is 27 px") && message.contains("at most 27 px"))
    }

    /// A well-spread session on a small part of the device (a panel whose axis ranges are
    /// far larger than the area touched) fits: degeneracy is a matter of shape, not size.
    /// Every scale from the whole device down to 0.5 % of it, anywhere on the device, and
    /// rotated: each fits exactly; the same touches squashed onto a line never do.
    @Test(arguments: [1.0, 0.5, 0.1, 0.05, 0.02, 0.01, 0.005])
    func aSmallWellSpreadSessionIsNotDegenerate(scale: Double) throws {
        for (offsetX, offsetY) in [(0.0, 0.0), (0.3, 0.7), (0.9 - 0.9 * scale, 0.1)] {
            for quarterTurns in 0..<4 {
                let touches = CalibrationFit.targets.map { target -> Point in
                    var point = target
                    for _ in 0..<quarterTurns { point = Point(x: 1 - point.y, y: point.x) }
                    return Point(x: offsetX + point.x * scale, y: offsetY + point.y * scale)
                }
                let fit = try CalibrationFit.fit(touches: touches, screen: Self.screen).get()
                #expect(fit.worstResidualPixels < 1e-6)
                let line = touches.map { Point(x: $0.x, y: offsetY + 0.0001 * scale * $0.x) }
                guard
                    case .failure(.degenerate) = CalibrationFit.fit(
                        touches: line, screen: Self.screen)
                else {
                    Issue.record("a line at scale \(scale) fitted")
                    continue
                }
            }
        }
    }

    @Test func degenerateSessionsAreRefused() {
        // Every touch on one point (the panel saw the same place five times).
        let samePoint = [Point](repeating: Point(x: 0.4, y: 0.4), count: 5)
        // Collinear: along a diagonal.
        let diagonal = (0..<5).map { Point(x: 0.1 + 0.2 * Double($0), y: 0.1 + 0.2 * Double($0)) }
        // Two duplicated pairs and a centre on their line.
        let duplicates = [
            Point(x: 0.1, y: 0.1), Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1),
            Point(x: 0.9, y: 0.1), Point(x: 0.5, y: 0.1),
        ]
        for touches in [samePoint, diagonal, duplicates] {
            let result = CalibrationFit.fit(touches: touches, screen: Self.screen)
            guard case .failure(.degenerate) = result else {
                Issue.record("expected a degenerate session, got \(result)")
                continue
            }
        }
        // Just inside the spread limit is not degenerate (nearly flat but usable).
        #expect(CalibrationFit.spreadRatio(diagonal) < CalibrationFit.minimumSpreadRatio)
        #expect(
            CalibrationFit.fit(touches: [Point](repeating: .zero, count: 4), screen: Self.screen)
                == .failure(.wrongTouchCount(4)))
        var notFinite = CalibrationFit.targets
        notFinite[2].x = .nan
        #expect(CalibrationFit.fit(touches: notFinite, screen: Self.screen) == .failure(.notFinite))
    }

    @Test func aSpreadJustAboveTheLimitIsNotDegenerate() throws {
        // Targets squeezed in y so that the thinnest spread is just over the limit.
        let limit = CalibrationFit.minimumSpreadRatio
        let squeezed = CalibrationFit.targets.map { Point(x: $0.x, y: 0.5 + ($0.y - 0.5) * 0.0565) }
        let spread = CalibrationFit.spreadRatio(squeezed)
        #expect(spread > limit && spread < limit * 1.1)
        let fit = try CalibrationFit.fit(touches: squeezed, screen: Self.screen).get()
        #expect(fit.worstResidualPixels < 1e-6)
        let flatter = CalibrationFit.targets.map { Point(x: $0.x, y: 0.5 + ($0.y - 0.5) * 0.0555) }
        #expect(CalibrationFit.spreadRatio(flatter) < limit)
        #expect(throws: CalibrationFit.Failure.self) {
            try CalibrationFit.fit(touches: flatter, screen: Self.screen).get()
        }
    }

    @Test func parsingTakesSixFiniteNumbersThatAreNotSingular() {
        #expect(CalibrationMatrix.parse("1 0 0 0 1 0") == .success(.identity))
        #expect(
            CalibrationMatrix.parse("  0\t1 0 1 0 0 ")
                == .success(CalibrationMatrix([0, 1, 0, 1, 0, 0])!))
        #expect(CalibrationMatrix.parse("1 0 0 0 1") == .failure(.wrongCount(5)))
        #expect(CalibrationMatrix.parse("1 0 0 0 1 0 0") == .failure(.wrongCount(7)))
        #expect(CalibrationMatrix.parse("1 0 inf 0 1 0") == .failure(.notANumber("inf")))
        #expect(CalibrationMatrix.parse("1 0 x 0 1 0") == .failure(.notANumber("x")))
        #expect(CalibrationMatrix.parse("1 2 0 2 4 0") == .failure(.singular(0)))
        // Determinant just above and below the singular limit.
        let limit = CalibrationMatrix.singularDeterminantLimit
        #expect(CalibrationMatrix(a: limit * 2, b: 0, c: 0, d: 0, e: 1, f: 0).isSingular == false)
        #expect(CalibrationMatrix(a: limit / 2, b: 0, c: 0, d: 0, e: 1, f: 0).isSingular)
    }

    @Test func theInverseUndoesTheMatrixAndTheTextRoundTrips() throws {
        let matrix = CalibrationMatrix(a: 1.05, b: -0.02, c: 0.01, d: 0.03, e: 0.97, f: -0.015)
        let inverse = try #require(matrix.inverse)
        let point = Point(x: 0.3, y: 0.8)
        let back = inverse.apply(matrix.apply(point))
        #expect(abs(back.x - point.x) < 1e-12 && abs(back.y - point.y) < 1e-12)
        #expect(matrix.description == "1.05 -0.02 0.01 0.03 0.97 -0.015")
        #expect(CalibrationMatrix.parse(matrix.description) == .success(matrix))
        #expect(CalibrationMatrix.decimal(-0.0000004) == "0")
        #expect(CalibrationMatrix.decimal(0.000125) == "0.000125")
    }
}
