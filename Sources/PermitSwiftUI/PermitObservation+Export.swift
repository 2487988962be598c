#if canImport(SwiftUI)
// `PermissionModel` lived in this module until Permit 1.1 moved it to PermitObservation, which builds and is tested
// wherever Observation does; an app that imports PermitSwiftUI keeps seeing it without a second import.
@_exported public import PermitObservation
#endif
