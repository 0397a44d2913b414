/* ALSA's own messages, kept instead of printed (docs/app.md, "Sound"). */
#ifndef CLEARTOUCH_ALSA_MESSAGES_H
#define CLEARTOUCH_ALSA_MESSAGES_H

/* From now on ALSA's error messages are kept here instead of written to stderr, if
 * libasound can be loaded (SDL loads the same library for its ALSA driver); 0 if not. */
int cleartouch_alsa_keep_messages(void);

/* How many messages ALSA gave since then. */
unsigned cleartouch_alsa_message_count(void);

/* The last of them ("" when none): what SDL's own error rarely says. */
const char *cleartouch_alsa_last_message(void);

#endif
