#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableCommandLine

StandardIO.ignoreBrokenPipes()
// Arguments that are not valid UTF-8 would reach the commands repaired (U+FFFD): refused instead.
for index in 1..<Int(CommandLine.argc) {
    guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument))
    StandardIO().writeError(SpeakableCLI.invalidArgumentMessage(position: index, bytes: Array(bytes)))
    exit(64)
}
exit(SpeakableCLI.run(Array(CommandLine.arguments.dropFirst()), io: StandardIO()))
