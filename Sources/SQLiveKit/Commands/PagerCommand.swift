/// `.pager on|off`: whether results taller than the terminal go through `$PAGER`.
struct PagerCommand: ToggleCommand {
    let name = "pager"
    let summary = "page results taller than the screen with $PAGER (default less -FRX)"
    let details = """
        .pager on (the default) sends a result that does not fit the terminal to $PAGER, or
        `less -FRX` when PAGER is unset; a result that fits is printed as usual. Scripts,
        pipes and .output files never page. PAGER set to an empty string also turns it off.
        """
    var setting: WritableKeyPath<Settings, Bool> { \.pager }
}
