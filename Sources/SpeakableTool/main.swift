#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SpeakableCommandLine

exit(SpeakableCLI.run(Array(CommandLine.arguments.dropFirst()), io: StandardIO()))
