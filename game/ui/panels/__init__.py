"""What the side panels share: `base.PanelBase` (a panel's defaults, following
game/ui/panel.py), `theme` (palettes), `widgets` (frame, buttons, dialogs), `icons`.
The settings dialog lives here too (`settings_panel`). The window's panels are
listed in `game.ui.layout.PANELS`.
"""
