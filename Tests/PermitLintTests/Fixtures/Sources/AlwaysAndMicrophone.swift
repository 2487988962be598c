import PermitCamera
import PermitLocation
import PermitLocationAlways
import PermitMicrophone

/// Imports the adapters for always location and the microphone, which AshTrail's manifest does not declare.
final class CourierTracker {}
