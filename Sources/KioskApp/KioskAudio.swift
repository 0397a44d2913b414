import ALSAMessages
import CSDL2
import ClearCore
import ClearSound

/// The app's sound: the actions' sounds and the threshold ticks, mixed by `SoundMixer` as
/// SDL's audio thread asks for the next frames (docs/sound.md).
///
/// The controller hands over each action as it happens (`hear`, from `onAction`: the
/// kiosk keeps no history), the main loop starts them after each frame (`follow`); SDL's
/// callback mixes. The mixer is
/// only touched with the device locked (SDL holds the lock around its callback), so the
/// two threads never meet in it.
final class KioskAudio: @unchecked Sendable {
    /// Frames SDL asks for at a time: about 10 ms at 48 kHz, the latency of a new sound.
    static let deviceBufferFrames: UInt16 = 512

    private var device: SDL_AudioDeviceID = 0
    private var mixer = SoundMixer()
    private var mixed: [Int16] = []
    /// The sounds of the actions heard since the last `follow` (a few at most).
    private var heard: [SoundName] = []
    private var ticks = ThresholdTicks()

    private init() {}

    /// The default audio output, started; nil when sound is off or there is no audio
    /// device (a notice on `log`: the app goes on without sound).
    static func open(soundOn: Bool, log: (String) -> Void) -> KioskAudio? {
        guard soundOn else { return nil }
        // ALSA's own lines (eight without a sound card) become part of the app's one line.
        _ = cleartouch_alsa_keep_messages()
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            sayNoDevice(log)
            return nil
        }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(SoundMixer.sampleRateHertz)
        wanted.format = SDL_AudioFormat(AUDIO_S16SYS)
        wanted.channels = 1
        wanted.samples = deviceBufferFrames
        wanted.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            Unmanaged<KioskAudio>.fromOpaque(userdata).takeUnretainedValue()
                .fill(stream, bytes: Int(length))
        }
        // SDL's callback keeps the player (one reference, held until the app exits).
        let player = KioskAudio()
        wanted.userdata = Unmanaged.passRetained(player).toOpaque()
        var obtained = SDL_AudioSpec()
        // No changes allowed: SDL converts 48 kHz mono 16-bit to whatever the device takes.
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else {
            sayNoDevice(log)
            Unmanaged<KioskAudio>.fromOpaque(wanted.userdata).release()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return nil
        }
        player.device = device
        SDL_PauseAudioDevice(device, 0)
        log(
            "sound: on (audio \(String(cString: SDL_GetCurrentAudioDriver())), 48 kHz mono)"
                + (alsaMessages.map { "; \($0)" } ?? ""))
        return player
    }

    /// The notice of an app without sound: not an error, it goes on.
    private static func sayNoDevice(_ log: (String) -> Void) {
        log(
            "sound: no audio device (\(String(cString: SDL_GetError()))"
                + (alsaMessages.map { "; \($0)" } ?? "") + "); going on without sound")
    }

    /// What ALSA said last while the device was looked for, when it said anything (its
    /// messages come by the dozen; the last one says what went wrong).
    private static var alsaMessages: String? {
        guard cleartouch_alsa_message_count() > 0 else { return nil }
        return "ALSA's last message: " + String(cString: cleartouch_alsa_last_message())
    }

    /// Notes the sound of one action (the controller's `onAction`); `follow` starts it.
    func hear(_ action: Action) {
        if let sound = SoundName(action.kind) { heard.append(sound) }
    }

    /// Starts the sounds heard since the last call and a tick when the drawn
    /// presentation's pull or pinch cue changed.
    func follow(presentation: Presentation?) {
        if let presentation, ticks.observe(presentation) { heard.append(.tick) }
        guard !heard.isEmpty else { return }
        SDL_LockAudioDevice(device)
        for sound in heard { mixer.play(sound) }
        SDL_UnlockAudioDevice(device)
        heard.removeAll(keepingCapacity: true)
    }

    /// SDL's callback (its audio thread, the device locked): the next frames.
    private func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
        mixed.removeAll(keepingCapacity: true)
        mixer.mix(frameCount: bytes / 2, into: &mixed)
        mixed.withUnsafeBytes { samples in
            UnsafeMutableRawPointer(stream).copyMemory(
                from: samples.baseAddress!, byteCount: min(bytes, samples.count))
        }
    }
}
