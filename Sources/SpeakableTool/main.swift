#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableCommandLine

StandardIO.ignoreBrokenPipes()
#if canImport(Glibc)
// speakable is a batch tool that builds and frees a lot in waves (the checker makes each locale's
// messages and lets them go before the next locale). By default glibc hands freed memory at the
// heap's top back to the kernel once 128 KiB are free, and serves every block of 128 KiB or more
// (a file's bytes, a locale's message array) with its own mmap: the next wave then faults the
// same pages in again. Keeping them costs no peak memory (the peak is what is in use at once)
// and halves the page faults of a check (110k strings: 19.6k → 9.9k; 1.1M: 173k → 93k).
// (`mallopt` is not in Swift's Glibc module: looked up by name. Its parameters are glibc's
// <malloc.h> constants M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3, part of its ABI.)
if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-1, 256 << 20)
    _ = mallopt(-2, 16 << 20)
    _ = mallopt(-3, 32 << 20)
}
#endif
// Large input files are mapped, not copied (`InputFile.map`). A file another program truncates
// while it is read raises SIGBUS at the first page past its new end: reported as what it is, with
// status 74 (EX_IOERR), instead of the shell's "Bus error". Only async-signal-safe calls here.
_ = signal(SIGBUS) { _ in
    let message: StaticString = """
        speakable: error: an input file changed size while it was being read (another program \
        truncated or rewrote it); run the command again once it is saved

        """
    _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
    _exit(74)
}
// Arguments that are not valid UTF-8 would reach the commands repaired (U+FFFD): refused instead.
for index in 1..<Int(CommandLine.argc) {
    guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument))
    StandardIO().writeError(SpeakableCLI.invalidArgumentMessage(position: index, bytes: Array(bytes)))
    exit(64)
}
exit(SpeakableCLI.run(Array(CommandLine.arguments.dropFirst()), io: StandardIO()))
