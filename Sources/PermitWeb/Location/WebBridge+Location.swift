import Foundation
import Logging
import Permit
import PermitSupport

extension WebBridge {
    /// Runs the page's location stream (``LocationWatch``) over the app's provider until ``run()`` ends, pushing
    /// each fix, and the failure that ends a stream, to the loaded page.
    func followLocation() async {
        await locationWatch.run(provider: locationProvider) { [weak self] delivery in
            await self?.pushLocation(delivery)
        }
    }

    /// Hands one delivery of the location stream to the loaded page's watches.
    private func pushLocation(_ delivery: LocationWatch.Delivery) async {
        guard let host else { return }
        let location: JSONValue =
            switch delivery {
            case .fix(let fix): .object(["fix": fix.bridgeJSON])
            case .failure(let error): .object(["error": .object(["code": .string(error.code)])])
            }
        do {
            try await host.evaluateJavaScript(BridgeScript.push(configuration: configuration, location: location, nonce: nonce))
        } catch {
            logger.debug("bridge could not push a location fix to the page", metadata: ["error": "\(error)"])
        }
    }
}

extension LocationFix {
    /// The fix as the page's bridge takes it: `getCurrentLocation()`'s answer, and each fix of a watch.
    var bridgeJSON: JSONValue {
        .object([
            "latitude": .number(latitude), "longitude": .number(longitude), "accuracy": .number(accuracy),
            "timestamp": .integer(Int64((timestamp.timeIntervalSince1970 * 1000).rounded())),
        ])
    }
}
