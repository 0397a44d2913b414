/// The sine of a phase given in cycles, computed with additions and multiplications only,
/// so every machine gives the same bits (no libm, whose last bit may differ between versions).
enum Sine {
    /// sin(2π · `cycles`), within 1e-7 (a 16-bit sample's step is 3e-5).
    static func of(cycles: Double) -> Double {
        // Bring the phase to [-0.5, 0.5) cycles, then [-0.25, 0.25] by symmetry about ±0.25.
        var turn = cycles - Double(Int64(cycles))
        if turn >= 0.5 { turn -= 1 } else if turn < -0.5 { turn += 1 }
        if turn > 0.25 { turn = 0.5 - turn } else if turn < -0.25 { turn = -0.5 - turn }
        let x = turn * 2 * Double.pi
        let x2 = x * x
        // Taylor series to x¹³ (error below (π/2)¹⁵/15! ≈ 7e-10 on [-π/2, π/2]).
        var term = x
        var sum = x
        for n in stride(from: 2, through: 12, by: 2) {
            term *= -x2 / Double(n * (n + 1))
            sum += term
        }
        return sum
    }
}
