// The `cleartouch` command: see docs/architecture.md.
print("cleartouch")
