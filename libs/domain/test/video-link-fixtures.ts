/** Video ids of each platform, shared by the video-link parser specs. */
export const TT = '6718335390845095173';
export const DY = '7301234567890123456';
export const IG = 'C1a2B3c4D5e';
export const YT = 'dQw4w9WgXcQ';
