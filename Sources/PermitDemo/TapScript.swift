import Foundation
import PermitSupport

/// The page script behind `permit shell`'s `tap`: find the element and its centre, then wait for the click to
/// arrive there.
package enum TapScript {
    /// Where the element is: its centre in the viewport, and whether a click there reaches it.
    package struct Place: Decodable, Sendable {
        /// The centre's distance from the viewport's left edge, in CSS pixels.
        package var x: Double
        /// The centre's distance from the viewport's top edge, in CSS pixels.
        package var y: Double
        /// Whether the element itself (or one inside it) is what a click at the centre hits.
        package var reachable: Bool
    }

    /// Where the click's arrival is kept in the page, out of the page's own names.
    private static let key = "Symbol.for('permit.shell.tap')"

    /// Script that scrolls the element `selector` finds into view and answers its ``Place`` as JSON (`null`
    /// when nothing matches), and starts waiting for a click inside it: `trusted`, `untrusted`, `elsewhere`,
    /// or `none` after 5 seconds.
    static func locate(_ selector: String) -> String {
        // Built from a JSON-encoded value, as every script the bridge sends is.
        let quoted = JSONValue.string(selector).jsonText
        return """
            (() => {
              const element = document.querySelector(\(quoted));
              if (!element) return null;
              element.scrollIntoView({ block: 'center', inline: 'center' });
              const box = element.getBoundingClientRect();
              const x = box.left + box.width / 2, y = box.top + box.height / 2;
              const hit = document.elementFromPoint(x, y);
              const arrival = new Promise((resolve) => {
                const heard = (event) => {
                  window.removeEventListener('click', heard, true);
                  resolve(!element.contains(event.target) ? 'elsewhere' : event.isTrusted ? 'trusted' : 'untrusted');
                };
                window.addEventListener('click', heard, true);
                setTimeout(() => { window.removeEventListener('click', heard, true); resolve('none'); }, 5000);
              });
              Object.defineProperty(document, \(key), { value: arrival, configurable: true });
              return { x, y, reachable: hit !== null && element.contains(hit) };
            })()
            """
    }

    /// Script that awaits the arrival `locate` started waiting for, as JSON text.
    static let arrival = "document[\(key)]"
}
