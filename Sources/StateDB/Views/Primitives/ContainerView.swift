/// A primitive whose children are one block, `content`, numbered with the block the
/// container is in (`VStack`, `HStack`, `Group`, `List`, `Form`, `ScrollView`: see
/// `ContentBlock.container`), drawn one below the other unless the container says otherwise
/// (`HStack`).
@MainActor
protocol ContainerView: PrimitiveView {
    associatedtype Content: View
    var content: Content { get }
}

extension ContainerView {
    func addChildren(to list: inout ChildList) { list.addBlock(content) }

    nonisolated static var contentBlocks: [ContentBlock] { [.container(Content.self)] }

    func renderLines(children: [[String]]) -> [String] { children.flatMap { $0 } }
}
