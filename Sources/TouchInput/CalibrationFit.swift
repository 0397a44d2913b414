/// Fits a `CalibrationMatrix` to a five-target calibration session (docs/product-decisions.md,
/// "Calibration"): the targets at (10%, 10%), (90%, 10%), (90%, 90%), (10%, 90%) and
/// (50%, 50%) of the screen, one touch each, its position the median of its samples.
///
/// The fit is an affine least-squares fit of the screen-normalized targets to the
/// device-normalized touches (each row a b c and d e f solved from the 3×3 normal
/// equations). A session is refused when it is degenerate (its touches lie on a line or
/// on one point: the fit has no unique answer) or when the worst target is further than
/// `maximumResidualFraction` of the screen's shorter side from where the matrix puts its
/// touch (a touch missed its target: the session would calibrate the panel wrong).
public struct CalibrationFit: Hashable, Sendable {
    /// The targets, in the order they are shown, as fractions of the screen.
    public static let targets: [Point] = [
        Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1), Point(x: 0.9, y: 0.9),
        Point(x: 0.1, y: 0.9), Point(x: 0.5, y: 0.5),
    ]

    /// The documented residual bound: the worst target may be at most this share of the
    /// screen's shorter side (2.5 %: 27 px on a 1080×1920 kiosk) from its fitted touch.
    public static let maximumResidualFraction = 0.025

    /// Touches whose spread across their thinnest direction is under this share of their
    /// spread across their widest (standard deviations) are degenerate: on one line. The
    /// test is of the touches' shape, not their size: a panel whose axis ranges are far
    /// larger than the area touched gives small device-normalized touches that fit well
    /// (once called degenerate, when the spread was compared with the whole device). For
    /// the targets themselves, 0.0559 is a thinnest spread of 2 % of their widest 35.8 %.
    public static let minimumSpreadRatio = 0.0559

    /// Touches whose widest spread is under this share of the device are on one point.
    public static let minimumWidestSpreadFraction = 1e-6

    /// The fitted matrix.
    public var matrix: CalibrationMatrix
    /// Each target's distance from its fitted touch, in screen pixels, in target order.
    public var residualsPixels: [Double]
    /// The largest of `residualsPixels`.
    public var worstResidualPixels: Double { residualsPixels.max() ?? 0 }

    /// Why a session gives no calibration.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not one touch per target (the count given).
        case wrongTouchCount(Int)
        /// A touch position that is not finite.
        case notFinite
        /// The touches lie on a line or a point (their thinnest spread as a share of
        /// their widest, `spreadRatio`).
        case degenerate(spread: Double)
        /// The worst residual exceeds the bound (target number from 1, residual, bound, px).
        case residualTooLarge(target: Int, residualPixels: Double, boundPixels: Double)

        public var description: String {
            switch self {
            case .wrongTouchCount(let count):
                "a calibration session is one touch on each of the \(CalibrationFit.targets.count) targets; got \(count) touches"
            case .notFinite: "a touch position is not a finite number"
            case .degenerate(let spread):
                "degenerate session: the touches lie on a line or on one point (their thinnest spread is \(CalibrationMatrix.decimal((spread * 1000).rounded() / 1000)) of their widest, at least \(CalibrationFit.minimumSpreadRatio) needed); touch each target once, in order"
            case .residualTooLarge(let target, let residual, let bound):
                "target \(target) is \(CalibrationMatrix.decimal((residual * 10).rounded() / 10)) px from where the fitted calibration puts its touch (at most \(CalibrationMatrix.decimal((bound * 10).rounded() / 10)) px): a touch missed its target; calibrate again"
            }
        }
    }

    /// The residual bound in pixels for `screen`.
    public static func boundPixels(screen: ScreenSize) -> Double {
        Double(min(screen.widthPixels, screen.heightPixels)) * maximumResidualFraction
    }

    /// The median of `values` (the mean of the middle two for an even count); 0 for none.
    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// A touch's position from its samples: the median of x and the median of y.
    public static func position(ofSamples samples: [Point]) -> Point {
        Point(x: median(samples.map(\.x)), y: median(samples.map(\.y)))
    }

    /// Fits the touches (device-normalized, one per target in target order) on `screen`.
    public static func fit(touches: [Point], screen: ScreenSize) -> Result<CalibrationFit, Failure>
    {
        guard touches.count == targets.count else {
            return .failure(.wrongTouchCount(touches.count))
        }
        guard touches.allSatisfy(\.isFinite) else { return .failure(.notFinite) }
        let spread = spreadRatio(touches)
        guard spread >= minimumSpreadRatio else { return .failure(.degenerate(spread: spread)) }
        // Normal equations: (AᵀA) r = Aᵀ t for each row r, A's rows (x, y, 1).
        var ata = [[Double]](repeating: [0, 0, 0], count: 3)
        var atx = [0.0, 0, 0]
        var aty = [0.0, 0, 0]
        for (touch, target) in zip(touches, targets) {
            let row = [touch.x, touch.y, 1]
            for i in 0..<3 {
                for j in 0..<3 { ata[i][j] += row[i] * row[j] }
                atx[i] += row[i] * target.x
                aty[i] += row[i] * target.y
            }
        }
        guard let first = solve(ata, atx), let second = solve(ata, aty) else {
            return .failure(.degenerate(spread: spread))
        }
        let matrix = CalibrationMatrix(
            a: first[0], b: first[1], c: first[2], d: second[0], e: second[1], f: second[2])
        guard matrix.isFinite, !matrix.isSingular else {
            return .failure(.degenerate(spread: spread))
        }
        let residuals = zip(touches, targets).map { touch, target in
            let mapped = matrix.apply(touch)
            let dx = (mapped.x - target.x) * Double(screen.widthPixels)
            let dy = (mapped.y - target.y) * Double(screen.heightPixels)
            return (dx * dx + dy * dy).squareRoot()
        }
        let fit = CalibrationFit(matrix: matrix, residualsPixels: residuals)
        let bound = boundPixels(screen: screen)
        if let worst = residuals.indices.max(by: { residuals[$0] < residuals[$1] }),
            residuals[worst] > bound
        {
            return .failure(
                .residualTooLarge(
                    target: worst + 1, residualPixels: residuals[worst], boundPixels: bound))
        }
        return .success(fit)
    }

    /// The spread of `points` across their thinnest direction as a share of the spread
    /// across their widest (1 for a square, 0 for a line); 0 when the points are on one
    /// point (`minimumWidestSpreadFraction`).
    public static func spreadRatio(_ points: [Point]) -> Double {
        let (thinnest, widest) = spreads(points)
        guard widest >= minimumWidestSpreadFraction else { return 0 }
        return thinnest / widest
    }

    /// The standard deviation of `points` across their thinnest direction (the square root
    /// of the covariance matrix's smaller eigenvalue).
    public static func thinnestSpread(_ points: [Point]) -> Double { spreads(points).thinnest }

    /// The standard deviations of `points` across their thinnest and widest directions
    /// (the square roots of the covariance matrix's eigenvalues).
    static func spreads(_ points: [Point]) -> (thinnest: Double, widest: Double) {
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / count
        let meanY = points.reduce(0) { $0 + $1.y } / count
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        for point in points {
            let dx = point.x - meanX
            let dy = point.y - meanY
            sxx += dx * dx
            syy += dy * dy
            sxy += dx * dy
        }
        sxx /= count
        syy /= count
        sxy /= count
        let half = (sxx + syy) / 2
        let root = ((sxx - syy) * (sxx - syy) / 4 + sxy * sxy).squareRoot()
        return (max(0, half - root).squareRoot(), (half + root).squareRoot())
    }

    /// Solves the 3×3 system `m`·x = `v` by Gaussian elimination with partial pivoting;
    /// nil when it is singular.
    static func solve(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        var a = m
        var b = v
        for column in 0..<3 {
            var pivot = column
            for row in column + 1..<3 where a[row][column].magnitude > a[pivot][column].magnitude {
                pivot = row
            }
            guard a[pivot][column].magnitude > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in column + 1..<3 {
                let factor = a[row][column] / a[column][column]
                for k in column..<3 { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [0.0, 0, 0]
        for row in stride(from: 2, through: 0, by: -1) {
            var sum = b[row]
            for k in row + 1..<3 { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}
