public import Foundation
internal import PermitCamera; import Vision

/// Scans a receipt the user photographs. "import PermitContacts" in this string is not an import.
struct ReceiptScanner {
    let camera: CameraAccess
    let note = """
        import PermitMotion
        """
}
