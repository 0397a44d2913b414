import CSDL2
import ClearRendering
import TouchInput

/// The app's window: an SDL window, a vsync'd accelerated-or-software renderer and one
/// streaming texture that receives each Cairo frame.
///
/// SDL picks the video driver: X11 or Wayland on a desktop, KMS/DRM on a bare kiosk
/// (`SDL_VIDEODRIVER=kmsdrm`). Owns the SDL objects and destroys them in `deinit`
/// (texture, renderer, window, then the video subsystem).
public final class KioskWindow {
    let window: OpaquePointer
    let renderer: OpaquePointer
    let texture: OpaquePointer
    /// The size of the frames the texture takes (the layout's screen).
    public let frameWidth: Int
    public let frameHeight: Int
    /// How the panel is mounted: the layout and the frames the app draws (`frameSize`)
    /// are upright, the window is the panel's native orientation (`nativeFrameSize`), and
    /// `present` turns each frame as the renderer copies it to the window (a GPU copy on
    /// a kiosk), so a turned panel costs the app's drawing nothing.
    public let rotation: Rotation

    /// Opens a window showing frames of `frameSize`: that size in a window, or stretched
    /// over the whole display with `fullscreen`. Without a size, frames are the display's
    /// size in full screen, else `defaultWindowedSize`. With a `rotation`, frames are the
    /// upright layout (the display's size with W and H swapped for 90 and 270) and the
    /// window keeps the panel's native orientation.
    ///
    /// SDL falls back to its invisible offscreen driver when it finds no display; unless
    /// `offscreen` asks for it (or `SDL_VIDEODRIVER=offscreen` names it), that is an error.
    public init(
        title: String, frameSize: ScreenSize?, fullscreen: Bool, rotation: Rotation = .none,
        offscreen: Bool = false
    ) throws(SDLError) {
        if offscreen { SDL_SetHint(SDL_HINT_VIDEODRIVER, Self.offscreenDriver) }
        // Touches and mouse stay apart: the app builds its own one-finger touch from the mouse.
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        guard SDL_InitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else {
            throw SDLError("SDL_Init")
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        let asked = getenv("SDL_VIDEODRIVER").map { String(cString: $0) } ?? ""
        if !offscreen && (driver == Self.offscreenDriver || driver == "dummy") && asked != driver {
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw SDLError(
                "SDL_Init",
                message:
                    "no display found (no X11, Wayland or KMS/DRM video driver could start); pass --offscreen to run invisibly"
            )
        }
        var size = frameSize ?? Self.defaultWindowedSize
        var mode = SDL_DisplayMode()
        if frameSize == nil, fullscreen, SDL_GetDesktopDisplayMode(0, &mode) == 0, mode.w > 0,
            mode.h > 0
        {
            size = rotation.uprightSize(
                ofNative: ScreenSize(widthPixels: Int(mode.w), heightPixels: Int(mode.h)))
        }
        let frameWidth = size.widthPixels
        let frameHeight = size.heightPixels
        let windowSize = rotation.nativeSize(ofUpright: size)
        var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        guard
            let window = SDL_CreateWindow(
                title, Int32(Self.centered), Int32(Self.centered), Int32(windowSize.widthPixels),
                Int32(windowSize.heightPixels),
                flags)
        else {
            let error = SDLError("SDL_CreateWindow")
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw error
        }
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC.rawValue)
        else {
            let error = SDLError("SDL_CreateRenderer")
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw error
        }
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                Int32(frameWidth), Int32(frameHeight))
        else {
            let error = SDLError("SDL_CreateTexture")
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
            throw error
        }
        self.window = window
        self.renderer = renderer
        self.texture = texture
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        self.rotation = rotation
    }

    /// SDL's video driver that draws into memory only.
    static let offscreenDriver = "offscreen"

    deinit {
        SDL_DestroyTexture(texture)
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
    }

    /// Half a 1080×1920 kiosk screen: fits a desktop.
    public static let defaultWindowedSize = ScreenSize(widthPixels: 540, heightPixels: 960)

    /// The frame size as a screen size (the upright layout).
    public var frameSize: ScreenSize {
        ScreenSize(widthPixels: frameWidth, heightPixels: frameHeight)
    }

    /// The window's size on the panel: the layout turned to the panel's native
    /// orientation (the layout itself without a rotation).
    public var nativeFrameSize: ScreenSize { rotation.nativeSize(ofUpright: frameSize) }

    /// `SDL_WINDOWPOS_CENTERED` (a C macro Swift does not import).
    static let centered: UInt32 = 0x2FFF_0000

    /// The window's size in window coordinates (what mouse and touch events use).
    public var windowSize: (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// The name of the video driver SDL chose (`x11`, `wayland`, `KMSDRM`, ...).
    public var videoDriverName: String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "unknown"
    }

    /// The renderer's name (`opengl`, `opengles2`, `software`, ...).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else {
            return "unknown"
        }
        return String(cString: name)
    }

    /// Uploads `surface` (Cairo ARGB32, `frameSize`: upright) and presents it turned and
    /// stretched over the window; blocks until the next vertical blank.
    public func present(_ surface: ImageSurface) throws(SDLError) {
        try draw(surface)
        SDL_RenderPresent(renderer)
    }

    /// What the window shows for `surface`, read back from the renderer before it is
    /// presented (tests, screenshots): `nativeWidth` × `nativeHeight` ARGB8888 pixels,
    /// row by row.
    public func presentReadingBack(_ surface: ImageSurface) throws(SDLError) -> ReadBackFrame {
        try draw(surface)
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_GetRendererOutputSize(renderer, &width, &height) == 0 else {
            throw SDLError("SDL_GetRendererOutputSize")
        }
        var pixels = [UInt32](repeating: 0, count: Int(width) * Int(height))
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(
                renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer.baseAddress, width * 4)
        }
        guard status == 0 else { throw SDLError("SDL_RenderReadPixels") }
        SDL_RenderPresent(renderer)
        return ReadBackFrame(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// The pixels a window showed: `width` × `height` ARGB8888 values, row by row.
    public struct ReadBackFrame: Sendable {
        public let width: Int
        public let height: Int
        public let pixels: [UInt32]

        /// The ARGB value at (x, y); nil outside the frame.
        public func pixel(x: Int, y: Int) -> UInt32? {
            guard x >= 0, y >= 0, x < width, y < height else { return nil }
            return pixels[y * width + x]
        }
    }

    /// Clockwise degrees SDL turns the upright frame by to show it on a panel mounted
    /// `rotation` (docs/product-decisions.md, "Rotation": `--rotate 90` puts the layout's
    /// top-left corner at the panel's bottom-left, a quarter turn counter-clockwise).
    static func copyAngleDegrees(_ rotation: Rotation) -> Double {
        switch rotation {
        case .none: 0
        case .clockwise90: 270
        case .clockwise180: 180
        case .clockwise270: 90
        }
    }

    /// Uploads `surface` and copies it, turned, over the renderer's whole output.
    private func draw(_ surface: ImageSurface) throws(SDLError) {
        let status = surface.withPixelData { data in
            SDL_UpdateTexture(texture, nil, data.baseAddress, Int32(surface.strideBytes))
        }
        guard status == 0 else { throw SDLError("SDL_UpdateTexture") }
        SDL_RenderClear(renderer)
        guard rotation != .none else {
            SDL_RenderCopy(renderer, texture, nil, nil)
            return
        }
        var outputWidth: Int32 = 0
        var outputHeight: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outputWidth, &outputHeight)
        // SDL turns the destination about its centre: for a quarter turn it is the output
        // with width and height swapped, centred, so that turned it fills the output.
        let quarter = rotation == .clockwise90 || rotation == .clockwise270
        let width = Float(quarter ? outputHeight : outputWidth)
        let height = Float(quarter ? outputWidth : outputHeight)
        var destination = SDL_FRect(
            x: (Float(outputWidth) - width) / 2, y: (Float(outputHeight) - height) / 2,
            w: width, h: height)
        guard
            SDL_RenderCopyExF(
                renderer, texture, nil, &destination, Self.copyAngleDegrees(rotation), nil,
                SDL_FLIP_NONE) == 0
        else { throw SDLError("SDL_RenderCopyExF") }
    }

    /// Presents a black frame (the sleeping kiosk's screen).
    public func presentBlack() {
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
        SDL_RenderClear(renderer)
        SDL_RenderPresent(renderer)
    }

    /// Starts or stops SDL text input (composed text events, an on-screen keyboard where there is one).
    public func setTextInputActive(_ active: Bool) {
        let isActive = SDL_IsTextInputActive() == SDL_TRUE
        if active && !isActive { SDL_StartTextInput() }
        if !active && isActive { SDL_StopTextInput() }
    }
}
