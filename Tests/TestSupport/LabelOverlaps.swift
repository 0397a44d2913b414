import ClearCore
import ClearPictures

/// Labels of a picture whose boxes overlap: the SVG picture's and the view page's label
/// tests check the same rule (`LabelPlacement.overlap`).
public enum LabelOverlaps {
    /// Each overlapping pair of `boxes` as `'text' box and 'text' box`; empty when none.
    public static func pairs(_ boxes: [(String, RectPixels)]) -> [String] {
        var found: [String] = []
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                if LabelPlacement.overlap(boxes[i].1, boxes[j].1) {
                    found.append("'\(boxes[i].0)' \(boxes[i].1) and '\(boxes[j].0)' \(boxes[j].1)")
                }
            }
        }
        return found
    }
}
