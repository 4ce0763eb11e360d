import { useEffect, useState } from 'react';

/** platform-shell 2.3: the three slides beside the sign-in forms, changing every 4000 ms. */
export const SLIDE_INTERVAL_MS = 4000;
const SLIDES = [
  { title: 'Admin Dashboard', text: 'Every conversation, campaign and agent of your enterprise in one console.' },
  { title: 'CX Automation Platform', text: 'Chatbots that understand your customers, and people who take over when it matters.' },
  { title: 'Create a Great Customer Journey & Experience', text: 'Reach customers on WhatsApp, RCS and the web with messages they want to read.' },
];

export function Slides() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="auth-slides" aria-roledescription="carousel" aria-label="Highlights">
      {SLIDES.map((slide, i) => (
        <div key={slide.title} className="auth-slide" aria-hidden={i !== index} data-active={i === index}>
          <h2>{slide.title}</h2>
          <p>{slide.text}</p>
        </div>
      ))}
      <div className="auth-slide-dots">
        {SLIDES.map((slide, i) => (
          <button key={slide.title} type="button" aria-label={`Show ${slide.title}`} data-active={i === index} onClick={() => setIndex(i)} />
        ))}
      </div>
    </section>
  );
}
