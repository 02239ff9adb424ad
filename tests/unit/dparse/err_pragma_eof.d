BEGIN {}
#pragma D option quiet