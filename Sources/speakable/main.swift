import Foundation
import SpeakableCommandLine

exit(SpeakableCLI.run(Array(CommandLine.arguments.dropFirst()), io: StandardIO()))
