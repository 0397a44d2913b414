import ClearCore

/// Draws a `Presentation` (the Clear core's picture of one moment) with Cairo and Pango.
///
/// The presentation is laid out in its own screen pixels; the renderer scales it to fill
/// the surface, so one presentation can be drawn at the kiosk's size or as a thumbnail.
/// Text layouts are cached between frames (the same labels are drawn every frame).
public final class PresentationRenderer {
  public let surface: ImageSurface
  let context: GraphicsContext
  private var style = ClearStyle(widthPixels: ClearStyle.referenceWidthPoints)
  private var labelFont: FontDescription
  private var cueFont: FontDescription
  private var layoutCache: [LayoutKey: TextLayout] = [:]
  /// Enough for every label of a long list plus cues; beyond it the cache starts over.
  private static let layoutCacheLimit = 512

  private struct LayoutKey: Hashable {
    var text: String
    var isCue: Bool
    var alignment: TextAlignment
    var maxWidthPixels: Double
  }

  /// A renderer drawing into `surface`.
  public init(surface: ImageSurface) throws(CairoError) {
    self.surface = surface
    self.context = try GraphicsContext(surface: surface)
    labelFont = FontDescription(
      family: ClearStyle.fontFamily, bold: true, sizePixels: style.labelFontPixels)
    cueFont = FontDescription(
      family: ClearStyle.fontFamily, bold: true, sizePixels: style.cueFontPixels)
  }

  /// A renderer with a new surface of the given size.
  public convenience init(width: Int, height: Int) throws(CairoError) {
    try self.init(surface: ImageSurface(width: width, height: height))
  }

  /// Draws `presentation`, replacing everything on the surface.
  public func render(_ presentation: Presentation) {
    let screenWidth = Double(max(1, presentation.screen.widthPixels))
    let screenHeight = Double(max(1, presentation.screen.heightPixels))
    useStyle(ClearStyle(widthPixels: screenWidth))

    context.setSource(RGBAColor(.black))
    context.paintReplacing()
    context.withSavedState {
      context.scale(
        x: Double(surface.width) / screenWidth, y: Double(surface.height) / screenHeight)
      let screenRect = RectPixels(x: 0, y: 0, width: screenWidth, height: screenHeight)
      // The placeholder sits behind the rows (clear-spec §1.2, §1.3).
      if let placeholder = presentation.placeholder {
        drawPlaceholder(placeholder)
      }
      for row in presentation.rows where intersects(row.framePixels, screenRect) {
        drawRow(row, editing: presentation.editing)
      }
      if let cues = presentation.cues {
        drawCues(cues)
      }
    }
    context.flush()
  }

  private func useStyle(_ newStyle: ClearStyle) {
    guard newStyle != style else { return }
    style = newStyle
    labelFont = FontDescription(
      family: ClearStyle.fontFamily, bold: true, sizePixels: style.labelFontPixels)
    cueFont = FontDescription(
      family: ClearStyle.fontFamily, bold: true, sizePixels: style.cueFontPixels)
    layoutCache.removeAll()
  }

  private func intersects(_ a: RectPixels, _ b: RectPixels) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  }

  private func layout(
    _ text: String, isCue: Bool, alignment: TextAlignment = .left, maxWidthPixels: Double
  )
    -> TextLayout
  {
    let key = LayoutKey(
      text: text, isCue: isCue, alignment: alignment, maxWidthPixels: maxWidthPixels)
    if let cached = layoutCache[key] { return cached }
    if layoutCache.count >= Self.layoutCacheLimit { layoutCache.removeAll() }
    let made = TextLayout(
      context: context, text: text, font: isCue ? cueFont : labelFont,
      maxWidthPixels: maxWidthPixels,
      alignment: alignment)
    layoutCache[key] = made
    return made
  }

  private func drawRow(_ row: RowPresentation, editing: EditingPresentation?) {
    let edited = editing.flatMap { $0.modelIndex == row.modelIndex ? $0 : nil }
    context.withGroup(alpha: row.alpha) {
      drawRowBody(
        frame: row.framePixels, color: row.backgroundColor, text: edited?.text ?? row.text,
        strikethrough: row.strikethrough, caretCharacterOffset: edited?.caretCharacterOffset)
    }
  }

  /// A row cell: fill, gloss, label, and the strikethrough or caret.
  private func drawRowBody(
    frame: RectPixels, color: RGBColor, text: String, strikethrough: Bool,
    caretCharacterOffset: Int?
  ) {
    context.fillRectangle(
      x: frame.x, y: frame.y, width: frame.width, height: frame.height, with: RGBAColor(color))
    let gloss = LinearGradient(x0: 0, y0: frame.minY, x1: 0, y1: frame.maxY)
    for stop in ClearStyle.glossStops { gloss.addStop(offset: stop.offset, color: stop.color) }
    context.setSource(gloss)
    context.addRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    context.fill()

    let textX = frame.x + style.labelInsetPixels
    let label = layout(text, isCue: false, maxWidthPixels: frame.width - style.labelInsetPixels)
    let extents = label.logicalExtents
    let textTop = frame.midY - extents.height / 2
    context.setSource(RGBAColor(.white))
    context.moveTo(x: textX, y: textTop)
    context.show(label)
    if strikethrough {
      // Starts at the label's left edge, top at mid-height, as wide as the text (R-CE).
      context.fillRectangle(
        x: textX, y: frame.midY, width: extents.x + extents.width,
        height: style.strikethroughThicknessPixels, with: RGBAColor(.white))
    }
    if let caretCharacterOffset {
      let caretX = textX + label.caretX(characterOffset: caretCharacterOffset)
      let lineHeight = extents.height > 0 ? extents.height : style.labelFontPixels
      context.fillRectangle(
        x: caretX, y: frame.midY - lineHeight / 2, width: style.caretWidthPixels,
        height: lineHeight,
        with: RGBAColor(.white))
    }
  }

  private func drawPlaceholder(_ placeholder: PlaceholderPresentation) {
    guard placeholder.scaleY > 0, placeholder.alpha > 0 else { return }
    let frame = placeholder.framePixels
    context.withSavedState {
      // Scaled vertically about its centre so it grows out of the seam (clear-spec §1.3).
      context.translate(x: 0, y: frame.midY)
      context.scale(x: 1, y: placeholder.scaleY)
      context.translate(x: 0, y: -frame.midY)
      context.withGroup(alpha: placeholder.alpha) {
        drawRowBody(
          frame: frame, color: placeholder.backgroundColor, text: placeholder.label,
          strikethrough: false, caretCharacterOffset: nil)
      }
    }
  }

  private func drawCues(_ cues: CuesPresentation) {
    // The alpha is unclamped in the model (it keeps rising past 1); drawing saturates.
    let alpha = min(1, max(0, cues.alpha))
    guard alpha > 0 else { return }
    drawCue(
      "\u{2713}", in: cues.tickFramePixels, color: cues.tickColor, alpha: alpha, alignment: .right)
    drawCue(
      "\u{2717}", in: cues.crossFramePixels, color: cues.crossColor, alpha: alpha, alignment: .left)
  }

  private func drawCue(
    _ glyph: String, in frame: RectPixels, color: RGBColor, alpha: Double, alignment: TextAlignment
  ) {
    let cue = layout(glyph, isCue: true, alignment: alignment, maxWidthPixels: frame.width)
    context.setSource(RGBAColor(color, alpha: alpha))
    context.moveTo(x: frame.x, y: frame.midY - cue.logicalExtents.height / 2)
    context.show(cue)
  }
}
