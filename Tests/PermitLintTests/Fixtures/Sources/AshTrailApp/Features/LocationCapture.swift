import struct PermitLocation.LocationFix
import Permit

/* A block comment with /* a nested one */ and an
   import PermitBluetooth line that is not code. */
struct LocationCapture {
    func capture() async -> LocationFix? { nil }
}
