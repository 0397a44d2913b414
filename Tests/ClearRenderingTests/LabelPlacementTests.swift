import ClearCore
import TestSupport
import Testing

@testable import ClearPictures
@testable import ClearRendering

/// `LabelPlacement`, geometrically: no two placed boxes overlap, a box that collides with
/// nothing stays where it wanted to be, a colliding one moves the least it can.
@Suite struct LabelPlacementTests {
    static let screen = RectPixels(x: 0, y: 0, width: 1080, height: 1920)

    static func noTwoOverlap(_ boxes: [RectPixels]) -> Bool {
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                if LabelPlacement.overlap(boxes[i], boxes[j]) { return false }
            }
        }
        return true
    }

    @Test func overlapIsSharedAreaNotTouchingEdges() {
        let a = RectPixels(x: 0, y: 0, width: 100, height: 20)
        #expect(!LabelPlacement.overlap(a, RectPixels(x: 100, y: 0, width: 50, height: 20)))
        #expect(!LabelPlacement.overlap(a, RectPixels(x: 0, y: 20, width: 100, height: 20)))
        #expect(LabelPlacement.overlap(a, RectPixels(x: 99.9, y: 0, width: 50, height: 20)))
        #expect(LabelPlacement.overlap(a, RectPixels(x: 0, y: 19.9, width: 100, height: 20)))
        #expect(LabelPlacement.overlap(a, RectPixels(x: 10, y: 5, width: 1, height: 1)))
    }

    @Test func boxesThatCollideWithNothingStay() {
        let wanted = [
            RectPixels(x: 10, y: 10, width: 200, height: 40),
            RectPixels(x: 300, y: 10, width: 200, height: 40),
            RectPixels(x: 10, y: 50, width: 200, height: 40),  // touches the first: no overlap
        ]
        #expect(LabelPlacement.place(wanted, within: Self.screen) == wanted)
    }

    @Test func aCollidingBoxStacksJustBelowOrAbove() {
        let first = RectPixels(x: 100, y: 500, width: 300, height: 40)
        // Wants to be 10 px below the first's top: moving down 30 + gap is nearer than up 50.
        let second = RectPixels(x: 150, y: 510, width: 300, height: 40)
        let placed = LabelPlacement.place([first, second], within: Self.screen)
        #expect(placed[0] == first)
        #expect(placed[1].x == 150)
        #expect(placed[1].y == 540 + LabelPlacement.gapPixels)
        // Wants to be 30 px above the first's bottom: up is nearer.
        let third = RectPixels(x: 150, y: 470, width: 300, height: 40)
        let up = LabelPlacement.place([first, third], within: Self.screen)
        #expect(up[1].y == 500 - 40 - LabelPlacement.gapPixels)
    }

    @Test func identicalBoxesFormAStack() {
        let box = RectPixels(x: 400, y: 900, width: 240, height: 36)
        let placed = LabelPlacement.place(Array(repeating: box, count: 12), within: Self.screen)
        #expect(Self.noTwoOverlap(placed))
        #expect(placed.allSatisfy { $0.x == box.x && $0.width == box.width })
        // Stacked around the wanted spot, each one box height plus the gap from a neighbour.
        let ys = placed.map(\.y).sorted()
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a == 36 + LabelPlacement.gapPixels) }
        #expect(ys.first! < box.y && ys.last! > box.y)
    }

    @Test func boxesStayInsideTheBoundsWhenThereIsRoom() {
        // Sticking out right and at the bottom: slid back in, then stacked upwards.
        let box = RectPixels(x: 1000, y: 1900, width: 300, height: 40)
        let placed = LabelPlacement.place(Array(repeating: box, count: 5), within: Self.screen)
        #expect(Self.noTwoOverlap(placed))
        for p in placed {
            #expect(p.x == 1080 - 300)
            #expect(p.y >= 0 && p.y + p.height <= 1920)
        }
    }

    @Test func whenTheBoundsAreFullBoxesGoOutsideRatherThanOverlap() {
        let tiny = RectPixels(x: 0, y: 0, width: 100, height: 100)
        let box = RectPixels(x: 0, y: 0, width: 100, height: 60)
        let placed = LabelPlacement.place([box, box, box], within: tiny)
        #expect(Self.noTwoOverlap(placed))
        #expect(placed[0] == box)
    }

    @Test(arguments: 0..<20) func randomBoxesNeverOverlap(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = 5 + seed * 6
        let wanted = (0..<count).map { _ in
            RectPixels(
                x: Double.random(in: -100...1100, using: &random),
                y: Double.random(in: -50...1950, using: &random),
                width: Double.random(in: 20...700, using: &random),
                height: Double.random(in: 10...80, using: &random))
        }
        let placed = LabelPlacement.place(wanted, within: Self.screen)
        #expect(placed.count == wanted.count)
        #expect(Self.noTwoOverlap(placed))
        // Sizes never change; only a box that had to move moved.
        for (p, w) in zip(placed, wanted) {
            #expect(p.width == w.width && p.height == w.height)
        }
    }

    /// The grid gives the same spots as comparing each label with every label placed:
    /// spread out, piled on one spot (most outside the bounds), mixed sizes, bounds
    /// smaller than a label.
    @Test(arguments: 0..<24) func theGridPlacesAsComparingAllDoes(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 1000)
        let count = 20 + seed * 25
        let pile = seed % 3 == 0
        let bounds =
            seed % 5 == 4
            ? RectPixels(x: 10, y: 20, width: 150, height: 30) : Self.screen
        let wanted = (0..<count).map { _ in
            RectPixels(
                x: pile
                    ? 500 + Double.random(in: -20...20, using: &random)
                    : Double.random(in: -100...1100, using: &random),
                y: pile
                    ? 900 + Double.random(in: -5...5, using: &random)
                    : Double.random(in: -50...1950, using: &random),
                width: Double.random(in: 20...(seed % 2 == 0 ? 400 : 1300), using: &random),
                height: (Double.random(in: 30...40, using: &random) * 4).rounded() / 4)
        }
        let placed = LabelPlacement.place(wanted, within: bounds)
        #expect(placed == LabelPlacement.placeComparingAll(wanted, within: bounds))
        #expect(Self.noTwoOverlap(placed))
    }

    /// Thousands of labels on one spot: those that do not fit go below the pile, never
    /// onto another label.
    @Test func aPileOfLabelsGoesBelowWhenTheBoundsAreFull() {
        let box = RectPixels(x: 400, y: 900, width: 240, height: 36)
        let placed = LabelPlacement.place(Array(repeating: box, count: 3000), within: Self.screen)
        #expect(Self.noTwoOverlap(placed))
        let inside = placed.filter { $0.minY >= 0 && $0.maxY <= 1920 }
        // Stacked around 900 within the screen: 49 of them (one row's 2 px gaps apart).
        #expect(inside.count == 49)
        #expect(placed.allSatisfy { $0.minY >= 0 })
        let outside = placed.filter { $0.maxY > 1920 }.map(\.y)
        #expect(outside == outside.sorted() && outside.count == 3000 - inside.count)
    }

    /// Not-a-number boxes are placed as before (compared with all), without trapping.
    @Test func boxesThatAreNotNumbersDoNotTrap() {
        let wanted = [
            RectPixels(x: .nan, y: 10, width: 100, height: 20),
            RectPixels(x: 10, y: .infinity, width: 100, height: 20),
            RectPixels(x: 10, y: 10, width: 100, height: 20),
        ]
        #expect(LabelPlacement.place(wanted, within: Self.screen).count == 3)
    }
}
