import Permit
import SwiftUI
