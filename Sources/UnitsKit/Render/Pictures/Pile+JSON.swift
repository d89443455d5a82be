extension Pile {
    /// The pile as the page draws it: each layer's blocks in the bundle
    /// the terminal pile uses (`bundle`: ×5 past 50 blocks), its colour as
    /// the HTML page paints it and its shape as every picture draws it.
    public func write(to w: JSONWriter) {
        let bundle = self.bundle
        w.object {
            w.field("total", total)
            w.field("bundle", bundle)
            w.objects("layers", layers) { layer in
                w.field("name", layer.name)
                w.field("color", HTMLPalette.hex(layer.colorName))
                w.field("shape", ((layer.habit % SVGPictures.shapeCount) + SVGPictures.shapeCount) % SVGPictures.shapeCount)
                w.field("units", layer.units)
                w.field("blocks", Pile.blocks(layer.units, per: bundle))
            }
        }
    }
}
