import SafariServices
let safari = SFSafariViewController(url: url)
let shown: SFSafariViewController? = nil
class Browser: NSObject, SFSafariViewControllerDelegate {}
