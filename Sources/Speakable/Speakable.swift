// `import Speakable`: everything a game needs at run time, from one product.
//
// - SpeakableDescribers: `Describer`, the semantic model (`SudokuCell`, `Piece`, `BlockBoard`,
//   `Control`, `Level`, `GameEvent`, …), `AccessibleText` with each platform's fields, scenarios.
// - SpeakableParticles: `ParticleResolvingMessage`, Korean particles after placeholders.
// - SpeakableCatalog: `ProjectLoader`, `Project`, the roles and config of `speakable.json`.
// - SpeakableMessages: `CompiledMessage`, `MessagePattern`, `MessageArgument` — ICU-exact MF1.
// - SpeakableICU: `ICULocale`, `ICUTimeZone`, `LocaleTags`.
// - SpeakableDiagnostics: `Diagnostic`, `SourcePosition`.
//
// The tools' libraries (SpeakableCompiler, SpeakableChecker, SpeakableSpeech,
// SpeakablePlatformFormats) are not re-exported: games do not compile or check catalogs at run
// time. The overview with examples is in Speakable.docc/Speakable.md.
@_exported import SpeakableCatalog
@_exported import SpeakableDescribers
@_exported import SpeakableDiagnostics
@_exported import SpeakableICU
@_exported import SpeakableMessages
@_exported import SpeakableParticles
