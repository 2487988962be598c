// PermitWeb's API is made of the core's types (kinds, statuses, the center), and the device seams the bridge uses
// (LocationProvider, HapticFeedbackPlayer, SettingsOpener, the push-token backup) moved to the core in Permit 1.1 so
// that the adapters implementing them depend on the core alone: re-exporting the core keeps a file that imports
// PermitWeb alone compiling, as it did before the move.
@_exported public import Permit
