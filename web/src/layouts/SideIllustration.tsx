// The auth pages' side image: an inline SVG of widgets on a page, so no external image
// is fetched and it follows the panel's colours.
export function SideIllustration() {
  return (
    <svg className="side-illustration" viewBox="0 0 420 300" role="img" aria-label="Widgets arranged on a website">
      <defs>
        <linearGradient id="ill-card" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#eef0ff" />
        </linearGradient>
        <filter id="ill-shadow" x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="10" stdDeviation="12" floodColor="#1b1464" floodOpacity="0.25" />
        </filter>
      </defs>
      <g filter="url(#ill-shadow)">
        <rect x="40" y="30" width="300" height="210" rx="14" fill="url(#ill-card)" />
        <rect x="40" y="30" width="300" height="30" rx="14" fill="#ffffff" />
        <circle cx="60" cy="45" r="5" fill="#ff6b6b" />
        <circle cx="76" cy="45" r="5" fill="#ffc94d" />
        <circle cx="92" cy="45" r="5" fill="#4cd49a" />
        <rect x="120" y="39" width="160" height="12" rx="6" fill="#e4e6f5" />
        <rect x="60" y="76" width="120" height="10" rx="5" fill="#c9ccef" />
        <rect x="60" y="94" width="84" height="8" rx="4" fill="#dfe1f7" />
        <rect x="60" y="116" width="128" height="100" rx="10" fill="#ffffff" stroke="#e1e3f7" />
        <rect x="72" y="180" width="16" height="26" rx="3" fill="#8b8df0" />
        <rect x="96" y="160" width="16" height="46" rx="3" fill="#6c6ee8" />
        <rect x="120" y="170" width="16" height="36" rx="3" fill="#8b8df0" />
        <rect x="144" y="140" width="16" height="66" rx="3" fill="#5b5bd6" />
        <rect x="72" y="128" width="60" height="8" rx="4" fill="#dfe1f7" />
        <rect x="200" y="76" width="120" height="140" rx="10" fill="#ffffff" stroke="#e1e3f7" />
        <circle cx="222" cy="100" r="10" fill="#ffd8a8" />
        <rect x="240" y="94" width="64" height="6" rx="3" fill="#c9ccef" />
        <rect x="240" y="104" width="40" height="6" rx="3" fill="#dfe1f7" />
        <g fill="#ffb400">
          {[0, 1, 2, 3, 4].map((i) => (
            <path key={i} transform={`translate(${214 + i * 16} 124)`} d="M6 0l1.8 3.9 4.2.5-3.1 2.9.8 4.2L6 9.4 2.3 11.5l.8-4.2L0 4.4l4.2-.5z" />
          ))}
        </g>
        <rect x="212" y="146" width="96" height="6" rx="3" fill="#dfe1f7" />
        <rect x="212" y="158" width="80" height="6" rx="3" fill="#dfe1f7" />
        <rect x="212" y="184" width="96" height="20" rx="10" fill="#5b5bd6" />
      </g>
      <g filter="url(#ill-shadow)">
        <rect x="300" y="190" width="96" height="70" rx="12" fill="#ffffff" />
        <rect x="312" y="202" width="44" height="6" rx="3" fill="#c9ccef" />
        <text x="312" y="232" fontFamily="system-ui, sans-serif" fontSize="20" fontWeight="700" fill="#1f2430">
          +42%
        </text>
        <path d="M312 250l14-5 12 3 14-9 12 2 16-10" fill="none" stroke="#4cd49a" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <g filter="url(#ill-shadow)">
        <rect x="10" y="196" width="78" height="54" rx="12" fill="#ffffff" />
        <circle cx="32" cy="223" r="12" fill="#eef0ff" />
        <path d="M26 223l4 4 8-8" fill="none" stroke="#5b5bd6" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        <rect x="50" y="216" width="28" height="6" rx="3" fill="#c9ccef" />
        <rect x="50" y="226" width="20" height="6" rx="3" fill="#dfe1f7" />
      </g>
    </svg>
  );
}
